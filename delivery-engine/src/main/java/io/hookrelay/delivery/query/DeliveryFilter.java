package io.hookrelay.delivery.query;

import io.hookrelay.queue.IntentState;
import java.util.Objects;
import java.util.Optional;

/** Which deliveries a list shows; every criterion given must hold. */
public record DeliveryFilter(Optional<IntentState> state, Optional<String> targetId, Optional<String> eventId) {
    public DeliveryFilter {
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(targetId, "targetId");
        Objects.requireNonNull(eventId, "eventId");
    }

    public static DeliveryFilter all() {
        return new DeliveryFilter(Optional.empty(), Optional.empty(), Optional.empty());
    }
}
