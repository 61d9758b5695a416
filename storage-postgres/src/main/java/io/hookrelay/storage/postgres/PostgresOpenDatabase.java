package io.hookrelay.storage.postgres;

import io.hookrelay.delivery.DatabaseBackup;
import io.hookrelay.delivery.OpenDatabase;
import io.hookrelay.delivery.WriteFigures;
import java.util.Objects;
import java.util.Optional;

/**
 * A PostgreSQL database as a server runs it. It makes no backups of its own: the database is shared by every
 * node and is backed up with PostgreSQL's tools ({@code pg_dump}, continuous archiving), which see it whole.
 */
public final class PostgresOpenDatabase implements OpenDatabase {
    private final PostgresDatabase database;
    private final PostgresIntentStore intents;

    /** Takes over both: closing this stops the queue store's threads, then closes the pool they use. */
    public PostgresOpenDatabase(PostgresDatabase database, PostgresIntentStore intents) {
        this.database = Objects.requireNonNull(database, "database");
        this.intents = Objects.requireNonNull(intents, "intents");
    }

    @Override
    public boolean isWritable() {
        return database.isWritable();
    }

    @Override
    public WriteFigures writeFigures() {
        long transactions = database.transactions();
        return new WriteFigures(transactions, transactions, database.transactionNanos(), database.transientFailures());
    }

    @Override
    public String location() {
        return "database: " + database.location();
    }

    @Override
    public Optional<DatabaseBackup> backup() {
        return Optional.empty();
    }

    @Override
    public void close() {
        try {
            intents.close();
        } finally {
            database.close();
        }
    }
}
