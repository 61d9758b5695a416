package io.hookrelay.app.metrics;

import io.hookrelay.queue.StoreException;
import io.hookrelay.storage.sqlite.SqliteDatabase;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.BaseUnits;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.util.Objects;
import java.util.function.ToLongFunction;

/**
 * The size on disk of the SQLite database file and of its write-ahead log, read from the files at each
 * scrape: the first is what retention keeps in check, the second grows while something holds a read open.
 */
public final class SqliteFileMetrics implements MeterBinder {
    private final SqliteDatabase database;

    public SqliteFileMetrics(SqliteDatabase database) {
        this.database = Objects.requireNonNull(database, "database");
    }

    @Override
    public void bindTo(MeterRegistry registry) {
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
