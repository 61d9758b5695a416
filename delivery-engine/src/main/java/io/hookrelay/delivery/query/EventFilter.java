package io.hookrelay.delivery.query;

import io.hookrelay.delivery.error.InvalidRequestException;
import io.hookrelay.delivery.model.Ulids;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * Which events a list shows: optionally only of one source, of one type, and received at or after {@code since}
 * and before {@code until}.
 */
public record EventFilter(Optional<String> sourceId, Optional<String> eventType, Optional<Instant> since, Optional<Instant> until) {
    public EventFilter {
        Objects.requireNonNull(sourceId, "sourceId");
        Objects.requireNonNull(eventType, "eventType");
        Objects.requireNonNull(since, "since");
        Objects.requireNonNull(until, "until");
        if (since.isPresent() && until.isPresent() && !since.get().isBefore(until.get())) {
            throw new InvalidRequestException("since must be before until");
        }
    }

    public static EventFilter all() {
        return new EventFilter(Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty());
    }

    public static EventFilter ofSource(String sourceId) {
        return new EventFilter(Optional.of(sourceId), Optional.empty(), Optional.empty(), Optional.empty());
    }

    /**
     * The smallest id an event received at {@code since} can have. Ingest makes an event's id from its
     * {@code received_at}; the bound is a second earlier all the same, for events stored before it did, whose ids
     * were made a moment after. The exact time is checked as well.
     */
    public String lowestId() {
        return Ulids.lowestAt(Ulids.EVENT, since.map(time -> time.minusSeconds(1)).orElse(Instant.EPOCH));
    }

    /** An id above every event received before {@code until}, or above every id there is; a second later, as above. */
    public String idAbove() {
        return until.map(time -> Ulids.lowestAt(Ulids.EVENT, time.plusSeconds(1))).orElse(Ulids.EVENT + "~");
    }

    public long sinceMillis() {
        return since.map(Instant::toEpochMilli).orElse(Long.MIN_VALUE);
    }

    public long untilMillis() {
        return until.map(Instant::toEpochMilli).orElse(Long.MAX_VALUE);
    }
}
