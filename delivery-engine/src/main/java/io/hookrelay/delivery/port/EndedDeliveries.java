package io.hookrelay.delivery.port;

import io.hookrelay.queue.IntentState;
import java.util.Set;

/** Deliveries that will not be attempted again on their own, grouped by how long they are kept. */
public enum EndedDeliveries {
    /** Delivered: kept for {@link io.hookrelay.delivery.retention.RetentionPolicy#completed()}. */
    COMPLETED(Set.of(IntentState.COMPLETED)),
    /**
     * Given up on, by the retry schedule or by an operator: kept for
     * {@link io.hookrelay.delivery.retention.RetentionPolicy#failed()}.
     */
    FAILED_OR_CANCELLED(Set.of(IntentState.FAILED, IntentState.CANCELLED));

    private final Set<IntentState> states;

    EndedDeliveries(Set<IntentState> states) {
        this.states = states;
    }

    /** The delivery states of the group; all terminal, so a sweep never takes work that is still to be done. */
    public Set<IntentState> states() {
        return states;
    }
}
