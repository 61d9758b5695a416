package io.hookrelay.delivery.model;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/** An event in a list: what it is, without its body and headers, which a list of hundreds would not want. */
public record EventSummary(String id, String sourceId, Optional<String> eventType, Instant receivedAt, String contentType, int bodyBytes) {
    public EventSummary {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(sourceId, "sourceId");
        Objects.requireNonNull(eventType, "eventType");
        Objects.requireNonNull(receivedAt, "receivedAt");
        Objects.requireNonNull(contentType, "contentType");
    }
}
