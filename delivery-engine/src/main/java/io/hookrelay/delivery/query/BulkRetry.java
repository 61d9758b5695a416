package io.hookrelay.delivery.query;

import io.hookrelay.delivery.error.InvalidRequestException;
import io.hookrelay.delivery.model.Delivery;
import io.hookrelay.delivery.model.ScopedId;
import io.hookrelay.delivery.model.TenantId;
import io.hookrelay.queue.IntentSelection;
import io.hookrelay.queue.IntentState;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * Which ended deliveries to send again after an outage: all in {@code state} ({@code failed} or
 * {@code cancelled}), optionally only to one target and only those that ended at or after {@code since} and
 * before {@code until}.
 */
public record BulkRetry(IntentState state, Optional<String> targetId, Optional<Instant> since, Optional<Instant> until) {
    public BulkRetry {
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(targetId, "targetId");
        Objects.requireNonNull(since, "since");
        Objects.requireNonNull(until, "until");
        if (state != IntentState.FAILED && state != IntentState.CANCELLED) {
            throw new InvalidRequestException("bulk retry takes state failed or cancelled");
        }
        if (since.isPresent() && until.isPresent() && !since.get().isBefore(until.get())) {
            throw new InvalidRequestException("since must be before until");
        }
    }

    /** Those that ended at or after {@code since}, however recently. */
    public BulkRetry(IntentState state, Optional<String> targetId, Optional<Instant> since) {
        this(state, targetId, since, Optional.empty());
    }

    /** The queue's intents these deliveries of {@code tenant} are: those to its targets, each in its namespace. */
    public IntentSelection selection(TenantId tenant) {
        return new IntentSelection(Delivery.KIND, state, targetId.map(id -> new ScopedId(tenant, id).key()), since, until,
                Optional.of(ScopedId.namespaceOf(tenant)));
    }
}
