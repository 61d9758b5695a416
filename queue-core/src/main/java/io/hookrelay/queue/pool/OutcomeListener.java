package io.hookrelay.queue.pool;

import io.hookrelay.queue.Intent;
import io.hookrelay.queue.Settlement;

/**
 * Hears how a {@link WorkerPool}'s attempts settled their intents, once each settlement is written under its claim's
 * fence: an attempt whose claim was lost meanwhile is not heard of, as its outcome was never the intent's. For work
 * that others must be told of when it ends (an alert when a delivery fails for good, say) without every handler
 * guessing whether its failure was the last. Called on the pool's upkeep thread; it must not block.
 */
@FunctionalInterface
public interface OutcomeListener {

    /** Hears nothing: the default. */
    OutcomeListener NONE = (intent, settlement) -> {
    };

    /** @param intent the intent as it was claimed for the attempt */
    void settled(Intent intent, Settlement settlement);

    /** This listener, then {@code next}: for a pool whose outcomes several parts hear. */
    default OutcomeListener andThen(OutcomeListener next) {
        return (intent, settlement) -> {
            settled(intent, settlement);
            next.settled(intent, settlement);
        };
    }
}
