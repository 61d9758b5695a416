package io.hookrelay.delivery.port;

import java.time.Instant;
import java.util.Objects;

/** Where a walk over events in the order they were received has got to; the id breaks ties. */
public record EventPosition(Instant receivedAt, String eventId) {
    public EventPosition {
        Objects.requireNonNull(receivedAt, "receivedAt");
        Objects.requireNonNull(eventId, "eventId");
    }
}
