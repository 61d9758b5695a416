package io.hookrelay.delivery.model;

import java.time.Instant;
import java.util.Arrays;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * An inbound webhook exactly as it arrived: the body byte for byte (signatures downstream of us may cover
 * it), its content type, and its headers (names lower-cased, repeated values joined with {@code ", "},
 * credentials such as {@code Authorization} left out).
 */
public record Event(String id, String sourceId, Optional<String> eventType, Instant receivedAt, String contentType,
                    Map<String, String> headers, byte[] body) {

    public Event {
        if (!Ulids.isValid(id, Ulids.EVENT)) {
            throw new IllegalArgumentException("not an event id: " + id);
        }
        Objects.requireNonNull(sourceId, "sourceId");
        Objects.requireNonNull(eventType, "eventType");
        Objects.requireNonNull(receivedAt, "receivedAt");
        Objects.requireNonNull(contentType, "contentType");
        headers = Map.copyOf(headers);
        body = body.clone();
    }

    @Override
    public byte[] body() {
        return body.clone();
    }

    /** The body's size, without the copy {@link #body()} makes. */
    public int bodyLength() {
        return body.length;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Event that && id.equals(that.id) && sourceId.equals(that.sourceId)
                && eventType.equals(that.eventType) && receivedAt.equals(that.receivedAt)
                && contentType.equals(that.contentType) && headers.equals(that.headers) && Arrays.equals(body, that.body);
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, sourceId, eventType, receivedAt, contentType, headers, Arrays.hashCode(body));
    }

    @Override
    public String toString() {
        return "Event[id=" + id + ", source=" + sourceId + ", type=" + eventType + ", bytes=" + body.length + "]";
    }
}
