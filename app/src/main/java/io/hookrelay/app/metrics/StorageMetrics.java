package io.hookrelay.app.metrics;

import io.hookrelay.storage.sqlite.SqliteDatabase;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.util.Objects;

/**
 * The SQLite writer's group commit: transactions (each one fsync) and the writes they carried. The ratio
 * of their rates is the mean batch size, the number that says whether batching is working.
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
    }
}
