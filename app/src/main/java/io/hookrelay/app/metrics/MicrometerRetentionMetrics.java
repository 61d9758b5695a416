package io.hookrelay.app.metrics;

import io.hookrelay.delivery.retention.RetentionMetrics;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.Objects;

/**
 * Retention in Micrometer: {@code relay_retention_deleted_total{what="delivery"|"event"}}, both series
 * registered up front so a dashboard sees zeros before the first sweep has deleted anything.
 */
public final class MicrometerRetentionMetrics implements RetentionMetrics {
    private final Counter deliveries;
    private final Counter events;

    public MicrometerRetentionMetrics(MeterRegistry registry) {
        Objects.requireNonNull(registry, "registry");
        deliveries = deleted(registry, "delivery");
        events = deleted(registry, "event");
    }

    @Override
    public void deliveriesDeleted(int count) {
        deliveries.increment(count);
    }

    @Override
    public void eventsDeleted(int count) {
        events.increment(count);
    }

    private static Counter deleted(MeterRegistry registry, String what) {
        return Counter.builder("relay.retention.deleted")
                .description("Rows retention deleted: deliveries with their attempt logs, events with their idempotency keys")
                .tag("what", what)
                .register(registry);
    }
}
