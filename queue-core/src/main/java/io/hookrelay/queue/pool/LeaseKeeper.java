package io.hookrelay.queue.pool;

import io.hookrelay.queue.ClaimRef;
import io.hookrelay.queue.IntentQueue;
import io.hookrelay.queue.IntentStore;
import io.hookrelay.queue.QueueMetrics;
import io.hookrelay.queue.StoreException;
import io.hookrelay.queue.TransientStoreException;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the leases of everything a pool owns: every {@link PoolSettings#renewEvery()} one write extends them all,
 * so a lease runs out only when its owner is gone or cannot reach the store for a whole lease. A claim the
 * renewal finds lost (an operator retried or cancelled its intent) has its attempt called off, and its result is
 * discarded (outcome {@code fenced}).
 *
 * <p>A claim whose renewals stop landing (the store is cut off, full or stalled) is given up before its lease
 * ends: half a renewal period before, by the pool's clock (the database's, on several nodes), a watch that
 * never waits on the store calls its attempt off. Whoever takes the intent over once the lease has ended then
 * sends it alone, rather than beside an attempt still running here, and a claimed attempt no worker began is
 * never begun.
 */
final class LeaseKeeper {
    private static final Logger log = LoggerFactory.getLogger(LeaseKeeper.class);
    private static final int WATCHES_PER_RENEWAL = 10;

    private final IntentStore store;
    private final Clock clock;
    private final PoolSettings settings;
    private final QueueMetrics metrics;
    private final OwnedAttempts owned;
    private final Consumer<StoreException> onStoreFailure;

    LeaseKeeper(IntentQueue queue, PoolSettings settings, QueueMetrics metrics, OwnedAttempts owned,
                Consumer<StoreException> onStoreFailure) {
        this.store = queue.store();
        this.clock = queue.clock();
        this.settings = settings;
        this.metrics = metrics;
        this.owned = owned;
        this.onStoreFailure = onStoreFailure;
    }

    /**
     * Renews on {@code upkeep}, and watches for leases about to end on {@code watch}, a thread of its own that a
     * renewal stuck on the store cannot hold up.
     */
    void start(ScheduledExecutorService upkeep, ScheduledExecutorService watch) {
        long every = settings.renewEvery().toMillis();
        upkeep.scheduleAtFixedRate(this::renew, every, every, TimeUnit.MILLISECONDS);
        long look = Math.max(1, every / WATCHES_PER_RENEWAL);
        watch.scheduleWithFixedDelay(this::giveUpEndingLeases, look, look, TimeUnit.MILLISECONDS);
    }

    private void renew() {
        List<RunningAttempt> held = owned.all();
        if (held.isEmpty()) {
            return;
        }
        try {
            Instant now = clock.instant();
            Set<ClaimRef> lost = store.renewAll(held.stream().map(attempt -> attempt.claim).toList(), now, settings.lease());
            Instant newEnd = now.plus(settings.lease());
            for (RunningAttempt attempt : held) {
                if (lost.contains(attempt.claim)) {
                    attempt.callOff();
                } else {
                    attempt.renewedUntil(newEnd);
                }
            }
        } catch (TransientStoreException e) {
            // The leases still have two renewals' worth of slack; the next tick tries again.
            metrics.storeRetried("renew");
        } catch (StoreException e) {
            onStoreFailure.accept(e);
            held.forEach(RunningAttempt::callOff);
        }
    }

    private void giveUpEndingLeases() {
        Instant giveUpFrom = clock.instant().plus(settings.renewEvery().dividedBy(2));
        List<RunningAttempt> ending = owned.all().stream()
                .filter(attempt -> !attempt.calledOff() && !attempt.leaseEnds().isAfter(giveUpFrom))
                .toList();
        if (!ending.isEmpty()) {
            log.warn("giving up {} claim(s) whose renewals stopped landing: their leases end within {} ms",
                    ending.size(), settings.renewEvery().dividedBy(2).toMillis());
            ending.forEach(RunningAttempt::callOff);
        }
    }
}
