package io.hookrelay.storage.postgres;

import io.hookrelay.delivery.EventTypeSource;
import io.hookrelay.delivery.Source;
import io.hookrelay.delivery.SourceStore;
import io.hookrelay.delivery.Verification;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * {@link SourceStore} on PostgreSQL. Every read goes to the database: other nodes may change a source at any
 * time, and nothing here would hear of it.
 */
public final class PostgresSourceStore implements SourceStore {
    private final PostgresDatabase database;
    private final RelayHandles handles;

    PostgresSourceStore(PostgresDatabase database, RelayHandles handles) {
        this.database = database;
        this.handles = handles;
    }

    @Override
    public boolean create(Source source) {
        Map<String, Object> columns = columns(source);
        return database.transaction("create source", handle -> handles.attach(handle, SourceDao.class).insert(columns)) == 1;
    }

    @Override
    public boolean update(Source source) {
        Map<String, Object> columns = columns(source);
        return database.transaction("update source", handle -> handles.attach(handle, SourceDao.class).update(columns)) == 1;
    }

    @Override
    public boolean delete(String id) {
        Objects.requireNonNull(id, "id");
        return database.transaction("delete source", handle -> handles.attach(handle, SourceDao.class).delete(id)) == 1;
    }

    @Override
    public Optional<Source> find(String id) {
        Objects.requireNonNull(id, "id");
        return database.read("find source", handle -> handles.attach(handle, SourceDao.class).find(id));
    }

    @Override
    public List<Source> list() {
        return database.read("list sources", handle -> handles.attach(handle, SourceDao.class).list());
    }

    /** The row's values by column name, the secret sealed: one reading of a source for both insert and update. */
    private Map<String, Object> columns(Source source) {
        Verification verify = source.verify();
        Map<String, Object> columns = new HashMap<>();
        columns.put("id", source.id());
        columns.put("verify_scheme", verify.scheme().wireName());
        columns.put("verify_secret", handles.secrets().seal(verify.secret()));
        columns.put("verify_header", verify.header());
        columns.put("verify_prefix", verify.prefix());
        columns.put("verify_encoding", verify.encoding().wireName());
        columns.put("idempotency_header", source.idempotencyHeader().orElse(null));
        columns.put("event_type_header",
                source.eventType() instanceof EventTypeSource.Header header ? header.name() : null);
        columns.put("event_type_json_pointer",
                source.eventType() instanceof EventTypeSource.JsonPointer pointer ? pointer.pointer() : null);
        columns.put("max_body_bytes", source.maxBodyBytes());
        columns.put("redact_headers", source.redactHeaders().toArray(String[]::new));
        columns.put("now", database.clock().millis());
        return columns;
    }
}
