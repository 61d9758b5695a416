package io.hookrelay.storage.jdbi;

import java.util.List;
import java.util.function.Function;

/**
 * How the stores both databases share run their DAO calls. Each database runs work its own way: SQLite writes
 * through its single writer and reads from a pool, PostgreSQL runs on pooled connections, in a transaction or
 * in autocommit. The calls, and the SQL behind them, are the same.
 */
public interface DaoRunner {

    /** Runs calls that only read. */
    <T> T read(String operation, Function<Daos, T> calls);

    /** Runs calls that write, in one transaction. */
    <T> T write(String operation, Function<Daos, T> calls);

    /**
     * Runs one statement that writes, which is atomic by itself: a database that runs statements on their
     * own need not wrap it in a transaction.
     */
    default <T> T writeStatement(String operation, Function<Daos, T> calls) {
        return write(operation, calls);
    }

    /**
     * A read that a database whose every write of the same rows goes through this runner may answer from
     * memory until the next {@link #write}; {@code key} names what was read.
     */
    default <T> T readKept(String operation, List<String> key, Function<Daos, T> calls) {
        return read(operation, calls);
    }
}
