package io.hookrelay.storage.sqlite.connection;

import io.hookrelay.queue.StoreException;
import io.hookrelay.queue.TransientStoreException;
import java.sql.SQLException;
import java.sql.SQLTransientException;
import java.util.EnumSet;
import java.util.Set;
import org.sqlite.SQLiteErrorCode;
import org.sqlite.SQLiteException;

/**
 * Turns what SQLite, sqlite-jdbc and JDBI throw into the two failures the queue understands:
 * {@link TransientStoreException} (try again: busy, locked, a lock-level I/O hiccup, a full disk) and
 * {@link StoreException} (the store is unusable: closed, corrupt, not a database, read-only).
 *
 * <p>The new exception's message is the operation and SQLite's result code only, and its cause is the
 * driver's exception, never JDBI's wrapper: JDBI can render bound arguments into its messages, and the
 * arguments are payloads.
 */
public final class SqliteErrors {
    private static final Set<SQLiteErrorCode> TRANSIENT = EnumSet.of(
            SQLiteErrorCode.SQLITE_BUSY,
            SQLiteErrorCode.SQLITE_BUSY_RECOVERY,
            SQLiteErrorCode.SQLITE_BUSY_SNAPSHOT,
            SQLiteErrorCode.SQLITE_BUSY_TIMEOUT,
            SQLiteErrorCode.SQLITE_LOCKED,
            SQLiteErrorCode.SQLITE_LOCKED_SHAREDCACHE,
            SQLiteErrorCode.SQLITE_LOCKED_VTAB,
            SQLiteErrorCode.SQLITE_PROTOCOL,
            // Lock-level I/O errors pass when the other holder lets go; read, write and fsync errors
            // mean the disk is failing and are not repeated.
            SQLiteErrorCode.SQLITE_IOERR_BLOCKED,
            SQLiteErrorCode.SQLITE_IOERR_LOCK,
            SQLiteErrorCode.SQLITE_IOERR_RDLOCK,
            SQLiteErrorCode.SQLITE_IOERR_UNLOCK,
            SQLiteErrorCode.SQLITE_IOERR_CHECKRESERVEDLOCK,
            SQLiteErrorCode.SQLITE_IOERR_SHMLOCK);

    /**
     * Passes when space is freed: a full disk refuses writes (webhooks answered {@code 503}, outcomes written again
     * later) without stopping anything, and the first write after it frees space succeeds.
     */
    private static final Set<SQLiteErrorCode> DISK_FULL = EnumSet.of(SQLiteErrorCode.SQLITE_FULL);

    private SqliteErrors() {
    }

    /** Whether {@code failure}, or one of its causes, is SQLite's for a full disk. */
    public static boolean isDiskFull(Throwable failure) {
        return sqlCause(failure) instanceof SQLiteException sqlite && DISK_FULL.contains(sqlite.getResultCode());
    }

    /**
     * @return a {@link StoreException} for a database failure found anywhere in {@code failure}'s causes;
     *         otherwise {@code failure} itself, which is then a bug or bad input and must stay what it is
     */
    public static RuntimeException translate(String operation, Throwable failure) {
        if (failure instanceof StoreException storeException) {
            return storeException;
        }
        SQLException sql = sqlCause(failure);
        if (sql instanceof SQLiteException sqlite) {
            SQLiteErrorCode code = sqlite.getResultCode();
            if (DISK_FULL.contains(code)) {
                return new TransientStoreException(operation + " failed: " + code.name() + " (the disk is full)", sqlite);
            }
            String message = operation + " failed: " + code.name();
            return TRANSIENT.contains(code)
                    ? new TransientStoreException(message, sqlite)
                    : new StoreException(message, sqlite);
        }
        if (sql instanceof SQLTransientException) {
            return new TransientStoreException(operation + " failed: " + sql.getClass().getSimpleName(), sql);
        }
        if (sql != null) {
            return new StoreException(operation + " failed: " + sql.getClass().getSimpleName(), sql);
        }
        if (failure instanceof RuntimeException runtime) {
            return runtime;
        }
        if (failure instanceof Error error) {
            throw error;
        }
        return new IllegalStateException(operation + " failed unexpectedly", failure);
    }

    private static SQLException sqlCause(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof SQLException sql) {
                return sql;
            }
        }
        return null;
    }
}
