package io.hookrelay.app.metrics;

import io.hookrelay.delivery.model.TenantId;
import io.hookrelay.http.ActivityHistory;
import io.hookrelay.http.ActivitySample;
import io.hookrelay.queue.StoreException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * The overview's charts, each tenant's its own (DESIGN §12): every {@link #INTERVAL} what each tenant did since the
 * last sample is taken from {@link TenantActivity} and kept, with its deliveries waiting by target, for the last
 * {@link #KEPT}. The counts are this node's, kept in its memory: on several nodes each charts its own share, and a
 * restart starts the charts afresh. A tenant has a history only while it did something or had its charts asked for
 * within {@link #KEPT}, and only a tenant asked for has its waiting deliveries read from the database, a tenant asked
 * for the first time from its next sample on: idle tenants cost neither memory nor queries. When the database cannot
 * answer, that sample has none.
 */
public final class ActivitySampler implements ActivityHistory, AutoCloseable {
    public static final Duration INTERVAL = Duration.ofSeconds(10);
    public static final Duration KEPT = Duration.ofHours(1);
    private static final int SAMPLES = (int) (KEPT.toSeconds() / INTERVAL.toSeconds());

    private final Clock clock;
    private final TenantActivity activity;
    private final Function<TenantId, Map<String, Long>> pendingByTarget;
    private final Map<TenantId, History> histories = new HashMap<>();
    private final ScheduledExecutorService schedule = Executors.newSingleThreadScheduledExecutor(runnable -> {
        Thread thread = new Thread(runnable, "activity-sampler");
        thread.setDaemon(true);
        return thread;
    });
    private Instant last;

    /** @param pendingByTarget a tenant's deliveries waiting by target, read from the database */
    public ActivitySampler(Clock clock, TenantActivity activity, Function<TenantId, Map<String, Long>> pendingByTarget) {
        this.clock = Objects.requireNonNull(clock, "clock");
        this.activity = Objects.requireNonNull(activity, "activity");
        this.pendingByTarget = Objects.requireNonNull(pendingByTarget, "pendingByTarget");
        last = clock.instant();
    }

    /** Samples every {@link #INTERVAL} from now on, until closed. */
    public void start() {
        schedule.scheduleAtFixedRate(this::sample, INTERVAL.toMillis(), INTERVAL.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Asking keeps {@code tenant}'s history, and has its waiting deliveries sampled, for {@link #KEPT} from now. */
    @Override
    public synchronized List<ActivitySample> samples(TenantId tenant) {
        History history = histories.computeIfAbsent(tenant, ignored -> new History());
        history.asked = clock.instant();
        return List.copyOf(history.samples);
    }

    /**
     * Takes what each tenant did since the last sample, then reads the waiting deliveries of the tenants asked for,
     * outside the lock: a slow database holds up no request for the charts.
     */
    void sample() {
        Instant now = clock.instant();
        Map<TenantId, TenantActivity.Counts> taken = activity.take();
        Map<TenantId, Map<String, Long>> waiting = new HashMap<>();
        for (TenantId tenant : askedSince(now.minus(KEPT))) {
            waiting.put(tenant, waiting(tenant));
        }
        keep(now, taken, waiting);
    }

    private synchronized List<TenantId> askedSince(Instant since) {
        return histories.entrySet().stream().filter(entry -> entry.getValue().asked.isAfter(since)).map(Map.Entry::getKey).toList();
    }

    private synchronized void keep(Instant now, Map<TenantId, TenantActivity.Counts> taken, Map<TenantId, Map<String, Long>> waiting) {
        double seconds = Math.max(0.001, Duration.between(last, now).toMillis() / 1000.0);
        taken.keySet().forEach(tenant -> histories.computeIfAbsent(tenant, ignored -> new History()).active = now);
        histories.forEach((tenant, history) -> history.add(sampleOf(now, taken.getOrDefault(tenant, TenantActivity.Counts.NONE),
                seconds, waiting.getOrDefault(tenant, Map.of()))));
        Instant forgotten = now.minus(KEPT);
        histories.values().removeIf(history -> !history.active.isAfter(forgotten) && !history.asked.isAfter(forgotten));
        last = now;
    }

    private Map<String, Long> waiting(TenantId tenant) {
        try {
            return pendingByTarget.apply(tenant);
        } catch (StoreException unavailable) {
            return Map.of();
        }
    }

    private static ActivitySample sampleOf(Instant at, TenantActivity.Counts counts, double seconds, Map<String, Long> waiting) {
        OptionalDouble lag = counts.delivered() > 0
                ? OptionalDouble.of(counts.lag().toNanos() / 1e6 / counts.delivered())
                : OptionalDouble.empty();
        return new ActivitySample(at, counts.accepted() / seconds, counts.delivered() / seconds, counts.failed() / seconds, lag, waiting);
    }

    @Override
    public void close() {
        schedule.shutdownNow();
    }

    /** A tenant's last {@link #SAMPLES} samples, and when it last did something and last had them asked for. */
    private static final class History {
        private final ArrayDeque<ActivitySample> samples = new ArrayDeque<>(SAMPLES);
        private Instant active = Instant.MIN;
        private Instant asked = Instant.MIN;

        void add(ActivitySample sample) {
            if (samples.size() == SAMPLES) {
                samples.removeFirst();
            }
            samples.addLast(sample);
        }
    }
}
