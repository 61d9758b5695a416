package io.hookrelay.storage.sqlite;

import io.hookrelay.delivery.Source;
import io.hookrelay.delivery.SourceStore;
import io.hookrelay.storage.jdbi.SourceColumns;
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

    private Map<String, Object> columns(Source source) {
        return SourceColumns.values(source, SqliteStoredForms.INSTANCE, database.secrets(), database.clock().instant());
    }
}
