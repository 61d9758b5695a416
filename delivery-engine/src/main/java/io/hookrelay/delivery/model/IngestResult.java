package io.hookrelay.delivery.model;

import java.util.Objects;

/**
 * What ingest stored: the event id and how many deliveries it fanned out to, or, for a repeated idempotency
 * key, the first event's id and its delivery count with {@code duplicate} set.
 */
public record IngestResult(String eventId, int deliveries, boolean duplicate) {
    public IngestResult {
        Objects.requireNonNull(eventId, "eventId");
        if (deliveries < 0) {
            throw new IllegalArgumentException("deliveries must not be negative");
        }
    }
}
