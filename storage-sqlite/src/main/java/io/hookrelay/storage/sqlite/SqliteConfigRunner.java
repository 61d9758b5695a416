package io.hookrelay.storage.sqlite;

import io.hookrelay.storage.jdbi.DaoRunner;
import io.hookrelay.storage.jdbi.Daos;
import java.util.List;
import java.util.function.Function;

/**
 * The calls of the shared configuration stores (sources, tenants) on SQLite: as {@link SqliteDaoRunner}'s, but their
 * reads kept in memory until the next write of configuration; see {@link ConfigCache}.
 */
final class SqliteConfigRunner implements DaoRunner {
    private final SqliteRelayDatabase database;

    SqliteConfigRunner(SqliteRelayDatabase database) {
        this.database = database;
    }

    @Override
    public <T> T read(String operation, Function<Daos, T> calls) {
        return database.read(operation, calls::apply);
    }

    @Override
    public <T> T write(String operation, Function<Daos, T> calls) {
        return database.writeConfig(operation, calls::apply);
    }

    @Override
    public <T> T readKept(String operation, List<String> key, Function<Daos, T> calls) {
        return database.readConfig(operation, key, calls::apply);
    }
}
