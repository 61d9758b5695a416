package io.hookrelay.queue;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * A durable unit of work as a store holds it.
 *
 * <p>{@code claimToken} names the current claim and is empty unless the intent is {@code running}: every
 * write a worker makes after claiming carries it, so a worker whose lease expired, or whose attempt an
 * operator cancelled, finds its writes refused instead of overwriting a newer owner's outcome.
 * {@code claimUntil} is when another worker may take the intent over if the owner stops renewing.
 *
 * @param attempts how many times the intent has been claimed; a claim counts as an attempt even if the
 *                 process died during it, which is why numbering continues across restarts
 */
public record Intent(
        String id,
        String kind,
        String eventId,
        String target,
        String payload,
        IntentState state,
        int attempts,
        Instant nextAt,
        Instant createdAt,
        Instant updatedAt,
        String lastError,
        String claimToken,
        Instant claimUntil) {

    public Intent {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(eventId, "eventId");
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(payload, "payload");
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(nextAt, "nextAt");
        Objects.requireNonNull(createdAt, "createdAt");
        Objects.requireNonNull(updatedAt, "updatedAt");
        Objects.requireNonNull(claimUntil, "claimUntil");
        lastError = lastError == null ? "" : lastError;
        claimToken = claimToken == null ? "" : claimToken;
        if (attempts < 0) {
            throw new IllegalArgumentException("attempts must not be negative: " + attempts);
        }
    }

    /** The claim this intent carries, if it is running. */
    public Optional<ClaimRef> claim() {
        return state == IntentState.RUNNING && !claimToken.isEmpty()
                ? Optional.of(new ClaimRef(id, claimToken))
                : Optional.empty();
    }

    /** The claim of an intent a worker has just been handed by {@link IntentStore#claim}. */
    public ClaimRef requireClaim() {
        return claim().orElseThrow(() -> new IllegalStateException("intent " + id + " is not claimed"));
    }
}
