package io.hookrelay.app.metrics;

import io.hookrelay.queue.AttemptOutcome;
import io.hookrelay.queue.IntentStore;
import io.hookrelay.queue.KindLabels;
import io.hookrelay.queue.QueueMetrics;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The queue's metrics in Micrometer, named as DESIGN §7 says: {@code relay_work_attempts_total},
 * {@code relay_work_duration_seconds}, {@code relay_work_pending},
 * {@code relay_work_fifo_blocked} and {@code relay_work_store_retries_total}.
 *
 * <p>Kind labels are normalised again here, although the pool already does it: a label is a time series
 * forever, and this is the last place an unbounded value could slip into one.
 */
public final class MicrometerQueueMetrics implements QueueMetrics {
    /** One scrape reads every pending gauge; they share one query. */
    static final Duration PENDING_MAX_AGE = Duration.ofSeconds(1);
    private static final int MOST_BLOCKED_COUNTED = 10_000;

    private final MeterRegistry registry;
    private final KindLabels kindLabels;

    public MicrometerQueueMetrics(MeterRegistry registry, IntentStore store, KindLabels kindLabels, Clock clock) {
        this.registry = Objects.requireNonNull(registry, "registry");
        this.kindLabels = Objects.requireNonNull(kindLabels, "kindLabels");
        CachedCounts pending = new CachedCounts(() -> kindLabels.fold(store.countPendingByKind()), clock, PENDING_MAX_AGE);
        CachedCounts blocked = new CachedCounts(() -> failingFifoHeads(store, kindLabels), clock, PENDING_MAX_AGE);
        for (String label : kindLabels.fold(Map.of()).keySet()) {
            Gauge.builder("relay.work.pending", pending, counts -> counts.count(label))
                    .description("Intents waiting for their next attempt")
                    .tag("kind", label)
                    .strongReference(true)
                    .register(registry);
            Gauge.builder("relay.work.fifo.blocked", blocked, counts -> counts.count(label))
                    .description("FIFO lanes held back by a head that has failed and not yet succeeded or ended")
                    .tag("kind", label)
                    .strongReference(true)
                    .register(registry);
        }
    }

    /**
     * By label, counting no more than {@value #MOST_BLOCKED_COUNTED} a kind. Only the allowed kinds are asked
     * for: the store is asked by raw kind, and {@code other} stands for kinds nobody named.
     */
    private static Map<String, Long> failingFifoHeads(IntentStore store, KindLabels kindLabels) {
        Map<String, Long> byKind = new HashMap<>();
        for (String label : kindLabels.fold(Map.of()).keySet()) {
            if (!label.equals(KindLabels.OTHER)) {
                byKind.put(label, (long) store.failingFifoHeads(label, MOST_BLOCKED_COUNTED).size());
            }
        }
        return kindLabels.fold(byKind);
    }

    @Override
    public void attemptFinished(String kindLabel, AttemptOutcome outcome, Duration duration) {
        String kind = kindLabels.label(kindLabel);
        Counter.builder("relay.work.attempts")
                .description("Attempts finished, by how they ended")
                .tag("kind", kind)
                .tag("outcome", outcome.label())
                .register(registry)
                .increment();
        Timer.builder("relay.work.duration")
                .description("How long attempts ran, from claim to outcome")
                .tag("kind", kind)
                .tag("outcome", outcome.label())
                .register(registry)
                .record(duration);
    }

    @Override
    public void storeRetried(String operation) {
        Counter.builder("relay.work.store.retries")
                .description("Store calls repeated after a transient failure (busy, locked)")
                .tag("operation", operation)
                .register(registry)
                .increment();
    }
}
