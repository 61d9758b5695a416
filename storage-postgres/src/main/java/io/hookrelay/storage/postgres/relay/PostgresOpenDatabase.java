package io.hookrelay.storage.postgres.relay;

import io.hookrelay.delivery.port.DatabaseBackup;
import io.hookrelay.delivery.port.OpenDatabase;
import io.hookrelay.delivery.port.WriteFigures;
import io.hookrelay.storage.postgres.PostgresDatabase;
import io.hookrelay.storage.postgres.PostgresIntentStore;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * A PostgreSQL database as a server runs it. It makes no backups of its own: the database is shared by every
 * node and is backed up with PostgreSQL's tools ({@code pg_dump}, continuous archiving), which see it whole.
 */
public final class PostgresOpenDatabase implements OpenDatabase {
    private final PostgresDatabase database;
    private final PostgresIntentStore intents;
    private final PostgresRelayStores relay;
    private final WritableCheck writable;

    /**
     * Takes over all three: closing this stops the relay stores' threads (so the ends of attempts they still
     * write land first), then the queue store's, then closes the pool they use.
     */
    public PostgresOpenDatabase(PostgresDatabase database, PostgresIntentStore intents, PostgresRelayStores relay) {
        this.database = Objects.requireNonNull(database, "database");
        this.intents = Objects.requireNonNull(intents, "intents");
        this.relay = Objects.requireNonNull(relay, "relay");
        this.writable = new WritableCheck(database::isWritable);
    }

    @Override
    public boolean isWritable() {
        return writable.isWritable();
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
    public Optional<Duration> clockOffset() {
        return database.clockOffset();
    }

    @Override
    public Optional<DatabaseBackup> backup() {
        return Optional.empty();
    }

    @Override
    public void close() {
        writable.close();
        try {
            relay.close();
        } finally {
            try {
                intents.close();
            } finally {
                database.close();
            }
        }
    }
}
