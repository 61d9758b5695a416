package io.hookrelay.delivery.audit;

import io.hookrelay.delivery.model.Ulids;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Objects;

/** An {@link AuditedChange} as the log holds it: an {@code aud_} id, which sorts by time, and when it was made. */
public record AuditEntry(String id, Instant at, AuditedChange change) {
    public AuditEntry {
        if (!Ulids.isValid(id, Ulids.AUDIT)) {
            throw new IllegalArgumentException("not an audit entry id: " + id);
        }
        at = Objects.requireNonNull(at, "at").truncatedTo(ChronoUnit.MILLIS);
        Objects.requireNonNull(change, "change");
    }
}
