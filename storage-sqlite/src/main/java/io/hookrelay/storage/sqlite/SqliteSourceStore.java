package io.hookrelay.storage.sqlite;

import io.hookrelay.delivery.EventTypeSource;
import io.hookrelay.delivery.Source;
import io.hookrelay.delivery.SourceStore;
import io.hookrelay.delivery.Verification;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/** {@link SourceStore} on SQLite: writes through the database's single writer, reads from its pool. */
public final class SqliteSourceStore implements SourceStore {
    private final SqliteRelayDatabase database;

    public SqliteSourceStore(SqliteRelayDatabase database) {
        this.database = Objects.requireNonNull(database, "database");
    }

    @Override
    public boolean create(Source source) {
        Map<String, Object> columns = columns(source);
        return database.writeConfig("create source", handle -> handle.attach(SourceDao.class).insert(columns)) == 1;
    }

    @Override
    public boolean update(Source source) {
        Map<String, Object> columns = columns(source);
        return database.writeConfig("update source", handle -> handle.attach(SourceDao.class).update(columns)) == 1;
    }

    @Override
    public boolean delete(String id) {
        Objects.requireNonNull(id, "id");
        return database.writeConfig("delete source", handle -> handle.attach(SourceDao.class).delete(id)) == 1;
    }

    @Override
    public Optional<Source> find(String id) {
        Objects.requireNonNull(id, "id");
        return database.readConfig("find source", List.of("source", id), handle -> handle.attach(SourceDao.class).find(id));
    }

    @Override
    public List<Source> list() {
        return database.read("list sources", handle -> handle.attach(SourceDao.class).list());
    }

    /** The row's values by column name, the secret sealed: one reading of a source for both insert and update. */
    private Map<String, Object> columns(Source source) {
        Verification verify = source.verify();
        Map<String, Object> columns = new HashMap<>();
        columns.put("id", source.id());
        columns.put("verify_scheme", verify.scheme().wireName());
        columns.put("verify_secret", database.secrets().seal(verify.secret()));
        columns.put("verify_header", verify.header());
        columns.put("verify_prefix", verify.prefix());
        columns.put("verify_encoding", verify.encoding().wireName());
        columns.put("idempotency_header", source.idempotencyHeader().orElse(null));
        columns.put("event_type_header",
                source.eventType() instanceof EventTypeSource.Header header ? header.name() : null);
        columns.put("event_type_json_pointer",
                source.eventType() instanceof EventTypeSource.JsonPointer pointer ? pointer.pointer() : null);
        columns.put("max_body_bytes", source.maxBodyBytes());
        columns.put("redact_headers", TextColumns.joinLines(source.redactHeaders()));
        columns.put("now", database.clock().millis());
        return columns;
    }
}
