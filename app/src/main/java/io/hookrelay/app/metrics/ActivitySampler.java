package io.hookrelay.app.metrics;

import io.hookrelay.delivery.model.DeliveryAttemptOutcome;
import io.hookrelay.delivery.model.IngestOutcome;
import io.hookrelay.http.ActivityHistory;
import io.hookrelay.http.ActivitySample;
import io.hookrelay.queue.StoreException;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * The overview's charts: every {@link #INTERVAL} the relay's own counters are read and the change since the last
 * reading kept, with the deliveries waiting by target, for the last {@link #KEPT} of them. The counters are this
 * node's, kept in its memory: on several nodes each charts its own share, and a restart starts the charts afresh.
 * The waiting deliveries are read from the database; when it cannot answer, that sample has none.
 */
public final class ActivitySampler implements MeterBinder, ActivityHistory, AutoCloseable {
    public static final Duration INTERVAL = Duration.ofSeconds(10);
    public static final Duration KEPT = Duration.ofHours(1);
    private static final int SAMPLES = (int) (KEPT.toSeconds() / INTERVAL.toSeconds());

    private record Totals(Instant at, double accepted, double delivered, double failed, long lagCount, double lagMillis) {
    }

    private final Clock clock;
    private final Supplier<Map<String, Long>> pendingByTarget;
    private final ArrayDeque<ActivitySample> samples = new ArrayDeque<>(SAMPLES);
    private final ScheduledExecutorService schedule = Executors.newSingleThreadScheduledExecutor(runnable -> {
        Thread thread = new Thread(runnable, "activity-sampler");
        thread.setDaemon(true);
        return thread;
    });
    private MeterRegistry registry;
    private Totals last;

    public ActivitySampler(Clock clock, Supplier<Map<String, Long>> pendingByTarget) {
        this.clock = Objects.requireNonNull(clock, "clock");
        this.pendingByTarget = Objects.requireNonNull(pendingByTarget, "pendingByTarget");
    }

    @Override
    public synchronized void bindTo(MeterRegistry meters) {
        if (registry != null) {
            throw new IllegalStateException("the activity sampler reads one registry");
        }
        registry = Objects.requireNonNull(meters, "meters");
        last = totals();
        schedule.scheduleAtFixedRate(this::sample, INTERVAL.toMillis(), INTERVAL.toMillis(), TimeUnit.MILLISECONDS);
    }

    @Override
    public synchronized List<ActivitySample> samples() {
        return List.copyOf(samples);
    }

    /** Reads the counters and keeps what changed since the last reading. */
    synchronized void sample() {
        Totals now = totals();
        double seconds = Math.max(0.001, Duration.between(last.at(), now.at()).toMillis() / 1000.0);
        long delivered = now.lagCount() - last.lagCount();
        OptionalDouble lag = delivered > 0
                ? OptionalDouble.of((now.lagMillis() - last.lagMillis()) / delivered)
                : OptionalDouble.empty();
        if (samples.size() == SAMPLES) {
            samples.removeFirst();
        }
        samples.addLast(new ActivitySample(now.at(), rate(now.accepted() - last.accepted(), seconds),
                rate(now.delivered() - last.delivered(), seconds), rate(now.failed() - last.failed(), seconds), lag, waiting()));
        last = now;
    }

    private Map<String, Long> waiting() {
        try {
            return pendingByTarget.get();
        } catch (StoreException unavailable) {
            return Map.of();
        }
    }

    private static double rate(double change, double seconds) {
        return Math.max(0, change) / seconds;
    }

    private Totals totals() {
        double accepted = count("relay.ingest", "outcome", IngestOutcome.ACCEPTED.label());
        double delivered = count("relay.delivery.attempts", "outcome", DeliveryAttemptOutcome.SUCCESS.label());
        double attempts = registry.find("relay.delivery.attempts").counters().stream().mapToDouble(Counter::count).sum();
        Timer lag = registry.find("relay.delivery.lag").timer();
        return new Totals(clock.instant(), accepted, delivered, attempts - delivered, lag == null ? 0 : lag.count(),
                lag == null ? 0 : lag.totalTime(TimeUnit.MILLISECONDS));
    }

    private double count(String name, String tag, String value) {
        Counter counter = registry.find(name).tag(tag, value).counter();
        return counter == null ? 0 : counter.count();
    }

    @Override
    public void close() {
        schedule.shutdownNow();
    }
}
