package io.hookrelay.delivery.model;

import io.hookrelay.queue.Intent;
import io.hookrelay.queue.IntentState;
import java.time.Instant;
import java.util.Objects;

/**
 * The delivery at the head of a {@code fifo} target's line that has failed and not yet succeeded, failed for good
 * or been cancelled: every later delivery to the target waits for it, and an operator who wants them to go on
 * retries or cancels it.
 */
public record BlockingDelivery(String deliveryId, String eventId, IntentState state, int attempts, Instant nextAt,
                               String lastError) {
    public BlockingDelivery {
        Objects.requireNonNull(deliveryId, "deliveryId");
        Objects.requireNonNull(eventId, "eventId");
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(nextAt, "nextAt");
        Objects.requireNonNull(lastError, "lastError");
    }

    /** The delivery a FIFO head of the relay's is: its intent is keyed by the delivery id and carries the event id. */
    public static BlockingDelivery of(Intent head) {
        return new BlockingDelivery(head.id(), head.payload(), head.state(), head.attempts(), head.nextAt(), head.lastError());
    }
}
