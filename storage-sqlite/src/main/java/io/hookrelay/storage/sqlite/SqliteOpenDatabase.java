package io.hookrelay.storage.sqlite;

import io.hookrelay.delivery.port.DatabaseBackup;
import io.hookrelay.delivery.port.OpenDatabase;
import io.hookrelay.delivery.port.WriteFigures;
import io.hookrelay.storage.sqlite.connection.WriteStats;
import java.util.Objects;
import java.util.Optional;

/**
 * An open data directory as the server runs it. Its writer never retries a busy database itself: the only
 * other writers are other processes, whose locks SQLite's busy timeout waits out inside the call, so busy
 * retries stay 0.
 */
public final class SqliteOpenDatabase implements OpenDatabase {
    private final SqliteDatabase database;
    private final DatabaseBackup backup;

    /** Takes over {@code database}: closing this closes it. */
    public SqliteOpenDatabase(SqliteDatabase database) {
        this.database = Objects.requireNonNull(database, "database");
        this.backup = new SqliteDatabaseBackup(database);
    }

    @Override
    public boolean isWritable() {
        return database.isWritable();
    }

    @Override
    public WriteFigures writeFigures() {
        WriteStats stats = database.writeStats();
        return new WriteFigures(stats.transactions(), stats.tasks(), stats.commitNanos(), 0);
    }

    @Override
    public String location() {
        return "data dir: " + database.dataDir();
    }

    @Override
    public Optional<DatabaseBackup> backup() {
        return Optional.of(backup);
    }

    @Override
    public void close() {
        database.close();
    }
}
