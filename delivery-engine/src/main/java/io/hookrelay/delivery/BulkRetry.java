package io.hookrelay.delivery;

import io.hookrelay.queue.IntentState;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * Which ended deliveries to send again after an outage: all in {@code state} ({@code failed} or
 * {@code cancelled}), optionally only to one target and only those that ended at or after {@code since}.
 */
public record BulkRetry(IntentState state, Optional<String> targetId, Optional<Instant> since) {
    public BulkRetry {
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(targetId, "targetId");
        Objects.requireNonNull(since, "since");
        if (state != IntentState.FAILED && state != IntentState.CANCELLED) {
            throw new InvalidRequestException("bulk retry takes state failed or cancelled");
        }
    }
}
