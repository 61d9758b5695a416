package io.hookrelay.storage.postgres;

import io.hookrelay.queue.StoreException;
import io.hookrelay.queue.TransientStoreException;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.util.Set;
import org.jdbi.v3.core.ConnectionException;

/**
 * Which of PostgreSQL's failures pass. A worker repeats a transient failure until it lands and ingest
 * answers {@code 503} with {@code Retry-After}; any other failure is a bug or a database that cannot be used.
 */
final class PostgresErrors {
    /**
     * SQLSTATEs that say "try again": serialization failure, deadlock and a commit of unknown outcome (class
     * 40), the server shutting down or starting (57P01–57P03), a cancelled statement (57014), a standby during
     * a failover (25006), too many connections (53300), a lock not available (55P03), and every
     * connection exception (class 08, matched by prefix). A failure with no SQLSTATE at all passes too: the
     * server sent nothing, as when the connection was found closed after a restart; a pool this process
     * closed is told apart before, by {@link PostgresDatabase}.
     */
    private static final Set<String> TRANSIENT = Set.of("40001", "40P01", "40003", "57P01", "57P02", "57P03", "57014", "25006",
            "53300", "55P03");

    private PostgresErrors() {
    }

    /** {@code failure} as the store exception it means, or itself when it is not the database's. */
    static RuntimeException translate(String operation, Throwable failure) {
        if (failure instanceof StoreException known) {
            return known;
        }
        if (isTransient(failure)) {
            return new TransientStoreException(operation + ": PostgreSQL is unavailable or busy: " + summary(failure), failure);
        }
        SQLException sql = sqlCause(failure);
        if (sql != null) {
            return new StoreException(operation + " failed: " + summary(failure), failure);
        }
        return failure instanceof RuntimeException runtime ? runtime : new IllegalStateException(failure);
    }

    /**
     * A serialization failure or a deadlock: the transaction was rolled back only because of another one's
     * timing, so running it again from the start is expected to succeed.
     */
    static boolean isConflict(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof SQLException sql && ("40001".equals(sql.getSQLState()) || "40P01".equals(sql.getSQLState()))) {
                return true;
            }
        }
        return false;
    }

    static boolean isTransient(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof SQLTransientConnectionException || cause instanceof ConnectionException) {
                return true;
            }
            if (cause instanceof SQLException sql) {
                String state = sql.getSQLState();
                // No SQLSTATE means the server never answered: a connection the driver or the pool found closed.
                if (state == null || state.startsWith("08") || TRANSIENT.contains(state)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static SQLException sqlCause(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof SQLException sql) {
                return sql;
            }
        }
        return null;
    }

    /** The SQLSTATE and the driver's first line: never bound values, which may hold secrets or bodies. */
    private static String summary(Throwable failure) {
        SQLException sql = sqlCause(failure);
        if (sql == null) {
            return failure.getClass().getSimpleName();
        }
        String message = String.valueOf(sql.getMessage());
        int end = message.indexOf('\n');
        return "SQLSTATE " + sql.getSQLState() + ": " + (end < 0 ? message : message.substring(0, end));
    }
}
