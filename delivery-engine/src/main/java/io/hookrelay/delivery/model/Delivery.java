package io.hookrelay.delivery.model;

import io.hookrelay.queue.IntentState;
import java.time.Instant;
import java.util.Objects;

/**
 * One event on its way to one target: a queue intent of kind {@link #KIND}, whose id is the delivery id.
 * Replaying an event adds deliveries; it never rewinds old ones, so each keeps its own attempt log.
 */
public record Delivery(String id, String eventId, String targetId, IntentState state, int attempts, Instant nextAt,
                       String lastError, Instant createdAt, Instant updatedAt) {
    public static final String KIND = "delivery";

    public Delivery {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(eventId, "eventId");
        Objects.requireNonNull(targetId, "targetId");
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(nextAt, "nextAt");
        Objects.requireNonNull(lastError, "lastError");
        Objects.requireNonNull(createdAt, "createdAt");
        Objects.requireNonNull(updatedAt, "updatedAt");
    }
}
