package io.hookrelay.app.metrics;

import io.hookrelay.delivery.port.OpenDatabase;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.FunctionTimer;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

/**
 * The database's writes: transactions (each one flush to disk), the writes they carried, the time their
 * commits took and how often one was begun again because the database was busy. The ratio of the first two
 * rates is the mean batch size, the number that says whether batching is working; commit time per
 * transaction says what the disk costs.
 */
public final class StorageMetrics implements MeterBinder {
    private final OpenDatabase database;

    public StorageMetrics(OpenDatabase database) {
        this.database = Objects.requireNonNull(database, "database");
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        FunctionCounter.builder("relay.storage.write.transactions", database, db -> db.writeFigures().transactions())
                .description("Write transactions committed")
                .register(registry);
        FunctionCounter.builder("relay.storage.write.tasks", database, db -> db.writeFigures().tasks())
                .description("Writes committed inside those transactions")
                .register(registry);
        FunctionTimer.builder("relay.storage.commit", database, db -> db.writeFigures().transactions(),
                        db -> db.writeFigures().commitNanos(), TimeUnit.NANOSECONDS)
                .description("Time spent committing write transactions (mostly waiting for the disk)")
                .register(registry);
        FunctionCounter.builder("relay.storage.busy.retries", database, db -> db.writeFigures().busyRetries())
                .description("Write transactions begun again because the database was busy with another")
                .register(registry);
        if (database.clockOffset().isPresent()) {
            Gauge.builder("relay.clock.offset", database, db -> db.clockOffset().orElseThrow().toNanos() / 1e9)
                    .baseUnit("seconds")
                    .description("The database's clock minus this node's, which the nodes of one database decide by")
                    .register(registry);
        }
    }
}
