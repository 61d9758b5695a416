package io.hookrelay.delivery.port;

import io.hookrelay.delivery.model.ScopedId;
import io.hookrelay.delivery.model.Target;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * A target's {@code max_in_flight}: slots of the target, one held by each attempt to it that is under way,
 * so a backlog released all at once (a resume, a bulk retry) reaches a slow receiver at its target's pace.
 * The count is every process's that delivers from the same store, which only the store's adapter can know:
 * in memory when one process owns the data, in the database when several nodes share it.
 *
 * <p>An attempt that finds its target full waits for a slot without a thread. A target that frees no slot
 * for a whole {@code patience} is stuck (it hangs until its timeout): then what waits for it gives up, so the
 * attempts the pool allows in flight over all targets are not spent waiting on one that cannot take them.
 *
 * <p>The adapter that counts the slots counts its targets' failure streaks too, on the same backend, so it also
 * says where an attempt's end runs ({@link #attemptEnds}).
 *
 * <p>After a limit is lowered, no attempt starts while as many attempts as the new limit, or more, are under
 * way, however many the old one allowed.
 */
public interface DeliverySlots {

    /**
     * A slot of {@code target} for one attempt, at once if fewer than its {@code max_in_flight} attempts are
     * under way, else once one ends. Completes with none, holding nothing, when the target freed no slot for
     * {@code patience} or was paused meanwhile ({@link #giveUpWaiting}); cancelling it gives up waiting.
     *
     * @throws io.hookrelay.queue.TransientStoreException when the store could not be asked
     */
    default CompletableFuture<Optional<DeliverySlot>> acquire(ScopedId key, Target target, Duration patience) {
        return acquire(key, target.maxInFlight(), target.timeout(), patience);
    }

    /**
     * A slot of what {@code key} names, of {@code limit} slots, for an attempt that takes at most {@code longest}:
     * how a tenant's {@code max_in_flight} over all its targets is kept, under a key no target can have.
     */
    CompletableFuture<Optional<DeliverySlot>> acquire(ScopedId key, int limit, Duration longest, Duration patience);

    /** The target was paused: what waits for one of its slots gives up now rather than go out once one frees. */
    void giveUpWaiting(ScopedId target);

    /**
     * Where an attempt's end runs once its exchange is over: its slot given back, its target's failure streak
     * counted, and rarely a pause. The exchange ends on one of the HTTP client's few threads, which read every
     * delivery's responses; where those calls are round trips to a database, running them there would let a
     * slow database stall every delivery's I/O, so they are handed to this. Where they are memory, this may
     * run them on the caller's thread. Never rejects.
     */
    Executor attemptEnds();
}
