package io.hookrelay.storage.postgres;

import io.hookrelay.delivery.Source;
import io.hookrelay.delivery.SourceStore;
import io.hookrelay.storage.jdbi.SourceColumns;
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

    private Map<String, Object> columns(Source source) {
        return SourceColumns.values(source, PostgresStoredForms.INSTANCE, handles.secrets(), database.clock().instant());
    }
}
