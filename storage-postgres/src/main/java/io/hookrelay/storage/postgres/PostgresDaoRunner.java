package io.hookrelay.storage.postgres;

import io.hookrelay.storage.jdbi.DaoRunner;
import io.hookrelay.storage.jdbi.Daos;
import java.util.Objects;
import java.util.function.Function;
import org.jdbi.v3.core.Handle;

/**
 * The shared stores' calls on PostgreSQL: reads and single statements in autocommit, other writes in one
 * transaction. Nothing is kept in memory, since any node may write at any time.
 */
public final class PostgresDaoRunner implements DaoRunner {
    private final PostgresDatabase database;
    private final Function<Handle, Daos> daos;

    /** @param daos the DAOs on a handle: its own, or readied for the relay's ({@code RelayHandles.on()}) */
    public PostgresDaoRunner(PostgresDatabase database, Function<Handle, Daos> daos) {
        this.database = Objects.requireNonNull(database, "database");
        this.daos = daos;
    }

    @Override
    public <T> T read(String operation, Function<Daos, T> calls) {
        return database.read(operation, handle -> calls.apply(daos.apply(handle)));
    }

    @Override
    public <T> T write(String operation, Function<Daos, T> calls) {
        return database.transaction(operation, handle -> calls.apply(daos.apply(handle)));
    }

    @Override
    public <T> T writeStatement(String operation, Function<Daos, T> calls) {
        return read(operation, calls);
    }
}
