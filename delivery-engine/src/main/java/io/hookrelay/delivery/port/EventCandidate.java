package io.hookrelay.delivery.port;

import java.time.Instant;
import java.util.Objects;

/**
 * An event old enough to go, as a plain read saw it: it goes only if it still has no delivery when the
 * delete runs.
 */
public record EventCandidate(String id, Instant receivedAt, boolean hasDeliveries) {
    public EventCandidate {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(receivedAt, "receivedAt");
    }

    public EventPosition position() {
        return new EventPosition(receivedAt, id);
    }
}
