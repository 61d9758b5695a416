package io.hookrelay.app.metrics;

import io.hookrelay.storage.sqlite.SqliteDatabase;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.FunctionTimer;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

/**
 * The SQLite writer's group commit: transactions (each one fsync), the writes they carried and the time
 * their commits took. The ratio of the first two rates is the mean batch size, the number that says
 * whether batching is working; commit time per transaction says what the disk costs.
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
    }
}
