package io.hookrelay.storage.sqlite;

import io.hookrelay.storage.jdbi.DaoRunner;
import io.hookrelay.storage.jdbi.Daos;
import java.util.Objects;
import java.util.function.Function;

/** The shared stores' calls on SQLite: every write a task of the single writer, reads from the pool. */
final class SqliteDaoRunner implements DaoRunner {
    private final SqliteDatabase database;

    SqliteDaoRunner(SqliteDatabase database) {
        this.database = Objects.requireNonNull(database, "database");
    }

    @Override
    public <T> T read(String operation, Function<Daos, T> calls) {
        return database.read(operation, calls::apply);
    }

    @Override
    public <T> T write(String operation, Function<Daos, T> calls) {
        return database.write(operation, calls::apply);
    }
}
