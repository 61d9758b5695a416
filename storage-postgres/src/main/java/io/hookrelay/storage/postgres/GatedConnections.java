package io.hookrelay.storage.postgres;

import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.time.Duration;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.jdbi.v3.core.ConnectionFactory;

/**
 * The pool's connections, taken by at most as many callers at once as it holds, the rest waiting their turn in
 * arrival order. HikariCP hands a connection given back to a waiting caller by spinning until that caller takes
 * it; with far more callers than connections (a node's request threads under a burst of webhooks) those spins
 * keep the cores busy and leave the delivery path's calls waiting behind whoever wins each race (measured in
 * docs/benchmarks.md). Callers queued here sleep, and each gets the next connection freed in its turn.
 */
final class GatedConnections implements ConnectionFactory {
    private final HikariDataSource pool;
    private final Semaphore turns;
    private final Duration wait;

    /** @param wait how long a caller waits for its turn before its call fails as transient */
    GatedConnections(HikariDataSource pool, int connections, Duration wait) {
        this.pool = pool;
        this.turns = new Semaphore(connections, true);
        this.wait = wait;
    }

    @Override
    public Connection openConnection() throws SQLException {
        try {
            if (!turns.tryAcquire(wait.toNanos(), TimeUnit.NANOSECONDS)) {
                throw new SQLTransientConnectionException("no connection of the pool's came free within " + wait.toMillis() + " ms");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SQLTransientConnectionException("interrupted waiting for a connection", e);
        }
        try {
            return pool.getConnection();
        } catch (SQLException | RuntimeException e) {
            turns.release();
            throw e;
        }
    }

    @Override
    public void closeConnection(Connection connection) throws SQLException {
        try {
            connection.close();
        } finally {
            turns.release();
        }
    }
}
