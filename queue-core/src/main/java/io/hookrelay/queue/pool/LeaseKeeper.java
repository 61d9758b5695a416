package io.hookrelay.queue.pool;

import io.hookrelay.queue.ClaimRef;
import io.hookrelay.queue.IntentQueue;
import io.hookrelay.queue.IntentStore;
import io.hookrelay.queue.QueueMetrics;
import io.hookrelay.queue.StoreException;
import io.hookrelay.queue.TransientStoreException;
import java.time.Clock;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Keeps the leases of everything a pool owns: every {@link PoolSettings#renewEvery()} one write extends them all,
 * so a lease runs out only when its owner is gone or cannot reach the store for a whole lease. A claim the
 * renewal finds lost (an operator retried or cancelled its intent) has its attempt called off, and its result is
 * discarded (outcome {@code fenced}).
 */
final class LeaseKeeper {
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

    void start(ScheduledExecutorService upkeep) {
        long every = settings.renewEvery().toMillis();
        upkeep.scheduleAtFixedRate(this::renew, every, every, TimeUnit.MILLISECONDS);
    }

    private void renew() {
        List<RunningAttempt> held = owned.all();
        if (held.isEmpty()) {
            return;
        }
        try {
            Set<ClaimRef> lost = store.renewAll(held.stream().map(attempt -> attempt.claim).toList(), clock.instant(),
                    settings.lease());
            held.stream().filter(attempt -> lost.contains(attempt.claim)).forEach(RunningAttempt::callOff);
        } catch (TransientStoreException e) {
            // The leases still have two renewals' worth of slack; the next tick tries again.
            metrics.storeRetried("renew");
        } catch (StoreException e) {
            onStoreFailure.accept(e);
            held.forEach(RunningAttempt::callOff);
        }
    }
}
