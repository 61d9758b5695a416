package io.hookrelay.app.metrics;

import io.hookrelay.queue.StoreException;
import io.hookrelay.storage.sqlite.SqliteDatabase;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.FunctionTimer;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.BaseUnits;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.function.ToLongFunction;

/**
 * The SQLite writer's group commit: transactions (each one fsync), the writes they carried and the time
 * their commits took. The ratio of the first two rates is the mean batch size, the number that says
 * whether batching is working; commit time per transaction says what the disk costs.
 *
 * <p>Also the size on disk of the database file and of its write-ahead log, read from the files at each
 * scrape: the first is what retention keeps in check, the second grows while something holds a read open.
 */
public final class StorageMetrics implements MeterBinder {
    private final SqliteDatabase database;

    public StorageMetrics(SqliteDatabase database) {
        this.database = Objects.requireNonNull(database, "database");
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        FunctionCounter.builder("relay.storage.write.transactions", database, db -> db.writeStats().transactions())
                .description("SQLite write transactions committed")
                .register(registry);
        FunctionCounter.builder("relay.storage.write.tasks", database, db -> db.writeStats().tasks())
                .description("Writes committed inside those transactions")
                .register(registry);
        FunctionTimer.builder("relay.storage.commit", database, db -> db.writeStats().transactions(),
                        db -> db.writeStats().commitNanos(), TimeUnit.NANOSECONDS)
                .description("Time spent committing write transactions (mostly fsync)")
                .register(registry);
        fileSize(registry, "relay.storage.db", SqliteDatabase::databaseBytes,
                "Size of hookrelay.db; deleted rows leave free pages in it that later writes reuse");
        fileSize(registry, "relay.storage.wal", SqliteDatabase::walBytes,
                "Size of hookrelay.db-wal, the write-ahead log not yet checkpointed into the database");
    }

    /** A size that cannot be read is unknown (NaN), not zero. */
    private void fileSize(MeterRegistry registry, String name, ToLongFunction<SqliteDatabase> size, String description) {
        Gauge.builder(name, database, db -> {
                    try {
                        return size.applyAsLong(db);
                    } catch (StoreException e) {
                        return Double.NaN;
                    }
                })
                .description(description)
                .baseUnit(BaseUnits.BYTES)
                .register(registry);
    }
}
