package io.hookrelay.delivery.send;

import io.hookrelay.delivery.Target;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

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
    CompletableFuture<Optional<DeliverySlot>> acquire(Target target, Duration patience);

    /** The target was paused: what waits for one of its slots gives up now rather than go out once one frees. */
    void giveUpWaiting(String targetId);
}
