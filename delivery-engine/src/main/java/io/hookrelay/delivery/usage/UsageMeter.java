package io.hookrelay.delivery.usage;

import io.hookrelay.delivery.model.Delivery;
import io.hookrelay.delivery.model.ScopedId;
import io.hookrelay.delivery.model.TenantId;
import io.hookrelay.delivery.port.TenantUsageStore;
import io.hookrelay.delivery.tenant.TenantUsage;
import io.hookrelay.queue.DaemonThreads;
import io.hookrelay.queue.Settlement;
import io.hookrelay.queue.pool.OutcomeListener;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Counts tenants' usage by UTC day in memory and adds it to the store once a second, all tenants in one write, and once
 * more when it is closed: ingest and delivery, thousands a second, pay for a map update, never for a write of their own.
 * A process that dies without closing it loses at most its last second's counts. A write that fails keeps its counts
 * for the next one. Each node adds its own, so the store holds the sum of every node's.
 */
public final class UsageMeter implements AutoCloseable {
    public static final Duration WRITTEN_EVERY = Duration.ofSeconds(1);
    /** Long enough for a write in progress to end, whose longest wait is the database's busy timeout. */
    private static final Duration STOP_WAIT = Duration.ofSeconds(30);
    private static final Logger log = LoggerFactory.getLogger(UsageMeter.class);

    private final TenantUsageStore store;
    private final Clock clock;
    private final Map<Day, TenantUsage> unwritten = new ConcurrentHashMap<>();
    private final ScheduledExecutorService thread = Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("tenant-usage-"));

    public UsageMeter(TenantUsageStore store, Clock clock) {
        this.store = Objects.requireNonNull(store, "store");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** Writes what was counted every {@link #WRITTEN_EVERY} from now on, until closed. */
    public void start() {
        thread.scheduleWithFixedDelay(this::write, WRITTEN_EVERY.toMillis(), WRITTEN_EVERY.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** A webhook was stored as a new event. */
    public void eventAccepted(TenantId tenant) {
        count(tenant, 1, 0, 0, 0);
    }

    /** A delivery attempt reached the network. */
    public void attempted(TenantId tenant) {
        count(tenant, 0, 1, 0, 0);
    }

    /**
     * For the worker pool: counts each delivery that completed or failed for good, once its settlement has landed, so an
     * attempt whose claim was lost is not counted as its delivery's end.
     */
    public OutcomeListener outcomes() {
        return (intent, settlement) -> {
            if (!intent.kind().equals(Delivery.KIND)) {
                return;
            }
            TenantId tenant = ScopedId.ofKey(intent.target()).tenant();
            if (settlement instanceof Settlement.Complete) {
                count(tenant, 0, 0, 1, 0);
            } else if (settlement instanceof Settlement.Fail) {
                count(tenant, 0, 0, 0, 1);
            }
        };
    }

    /** Adds what was counted since the last write to the store; what a failed write held is counted again. */
    public synchronized void write() {
        List<TenantUsage> batch = new ArrayList<>();
        for (Day day : unwritten.keySet()) {
            TenantUsage taken = unwritten.remove(day);
            if (taken != null) {
                batch.add(taken);
            }
        }
        if (batch.isEmpty()) {
            return;
        }
        try {
            store.add(batch);
        } catch (RuntimeException e) {
            batch.forEach(this::count);
            log.warn("tenant usage of {} tenant-days could not be written; trying again in a second: {}", batch.size(), e.getMessage());
        }
    }

    /** Stops the writes every second and writes what is left; counts made after this are not written. */
    @Override
    public void close() throws InterruptedException {
        thread.shutdown();
        if (!thread.awaitTermination(STOP_WAIT.toMillis(), TimeUnit.MILLISECONDS)) {
            log.warn("the write of tenant usage in progress did not end; writing what is left beside it");
        }
        write();
    }

    private void count(TenantId tenant, long events, long attempts, long succeeded, long failed) {
        LocalDate today = LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC);
        count(new TenantUsage(tenant.value(), today, events, attempts, succeeded, failed));
    }

    private void count(TenantUsage usage) {
        unwritten.merge(new Day(usage.tenantId(), usage.date()), usage, TenantUsage::plus);
    }

    private record Day(String tenantId, LocalDate date) {
    }
}
