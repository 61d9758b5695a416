package io.hookrelay.app;

import io.hookrelay.delivery.retention.RetentionSweeper;
import io.hookrelay.delivery.retention.Sweep;
import io.hookrelay.delivery.retention.TenantPurger;
import io.hookrelay.queue.DaemonThreads;
import io.hookrelay.queue.StoreException;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs retention on its own thread: one sweep at start, then one every interval after the previous one
 * ended. A sweep that fails (the database busy past its timeout, the disk gone, a bug) is counted in
 * {@code relay_retention_sweep_failures_total} and logged, and the next sweep simply tries again: rows
 * that outstay their time by one interval harm nothing, so retention is never a reason to stop serving.
 *
 * <p>The purge of deleted tenants' rows runs on the same thread, every {@link #PURGE_EVERY} after the last ended,
 * whatever retention's interval: a deleted tenant's id stays taken until its rows are gone. Sharing the thread, the
 * two never delete at once, and a long purge delays a sweep (or the reverse) rather than doubling the writes. A
 * purge that fails is counted in {@code relay_tenant_purge_failures_total}, and the next one goes on.
 */
final class RetentionSchedule implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(RetentionSchedule.class);
    /** Long enough for the batch in progress to finish, whose longest wait is the database's busy timeout. */
    private static final Duration STOP_WAIT = Duration.ofSeconds(30);
    /** Finding no deleted tenant costs one read of an index entry per tenant and table. */
    static final Duration PURGE_EVERY = Duration.ofSeconds(1);

    private final RetentionSweeper sweeper;
    private final Duration every;
    private final Counter failures;
    private final TenantPurger purger;
    private final Counter purgeFailures;
    private final ScheduledExecutorService thread = Executors.newSingleThreadScheduledExecutor(
            DaemonThreads.named("hookrelay-retention-"));
    private volatile boolean stopping;

    RetentionSchedule(RetentionSweeper sweeper, Duration every, TenantPurger purger, MeterRegistry registry) {
        this.sweeper = Objects.requireNonNull(sweeper, "sweeper");
        this.every = Objects.requireNonNull(every, "every");
        this.purger = Objects.requireNonNull(purger, "purger");
        this.failures = Counter.builder("relay.retention.sweep.failures")
                .description("Retention sweeps that failed; the next one tries again")
                .register(registry);
        this.purgeFailures = Counter.builder("relay.tenant.purge.failures")
                .description("Purges of deleted tenants' rows that failed; the next one goes on")
                .register(registry);
    }

    /** A schedule closed before it started stays stopped. */
    synchronized void start() {
        if (!stopping) {
            thread.scheduleWithFixedDelay(this::sweepOnce, 0, every.toMillis(), TimeUnit.MILLISECONDS);
            thread.scheduleWithFixedDelay(this::purgeOnce, 0, PURGE_EVERY.toMillis(), TimeUnit.MILLISECONDS);
        }
    }

    /** Lets the batch in progress finish, starts no other, and returns once the thread has ended. */
    @Override
    public synchronized void close() {
        stopping = true;
        thread.shutdown();
        try {
            if (!thread.awaitTermination(STOP_WAIT.toMillis(), TimeUnit.MILLISECONDS)) {
                log.warn("the retention sweep did not stop within {}; interrupting it", STOP_WAIT);
                thread.shutdownNow();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            thread.shutdownNow();
        }
    }

    /** Catches everything: an exception escaping a scheduled task would silently end the schedule. */
    private void sweepOnce() {
        long started = System.nanoTime();
        try {
            Sweep sweep = sweeper.sweep(() -> !stopping);
            if (sweep.deletedAnything()) {
                log.info("retention sweep deleted deliveries={} events={} in {} ms", sweep.deliveriesDeleted(),
                        sweep.eventsDeleted(), TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started));
            }
        } catch (StoreException e) {
            failures.increment();
            log.warn("retention sweep failed; the next one, in {}, tries again: {}", every, e.getMessage());
        } catch (RuntimeException e) {
            failures.increment();
            log.error("retention sweep failed unexpectedly; the next one, in {}, tries again", every, e);
        }
    }

    /** Catches everything, as {@link #sweepOnce} does; the purger logs what it deleted itself. */
    private void purgeOnce() {
        try {
            purger.purge(() -> !stopping);
        } catch (StoreException e) {
            purgeFailures.increment();
            log.warn("purging deleted tenants failed; the next purge, in {}, goes on: {}", PURGE_EVERY, e.getMessage());
        } catch (RuntimeException e) {
            purgeFailures.increment();
            log.error("purging deleted tenants failed unexpectedly; the next purge, in {}, goes on", PURGE_EVERY, e);
        }
    }
}
