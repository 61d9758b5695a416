package io.hookrelay.queue;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * Ended intents an operator sends again in bulk: those of {@code kind} in {@code state} ({@code failed} or
 * {@code cancelled}), optionally only of one target, and only those whose last change was at or after
 * {@code changedSince} and before {@code changedBefore}.
 */
public record IntentSelection(String kind, IntentState state, Optional<String> target, Optional<Instant> changedSince,
                              Optional<Instant> changedBefore) {
    public IntentSelection {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(changedSince, "changedSince");
        Objects.requireNonNull(changedBefore, "changedBefore");
        if (state != IntentState.FAILED && state != IntentState.CANCELLED) {
            throw new IllegalArgumentException("only failed or cancelled intents are retried in bulk, not " + state);
        }
    }

    /** Those whose last change was at or after {@code changedSince}, however recent. */
    public IntentSelection(String kind, IntentState state, Optional<String> target, Optional<Instant> changedSince) {
        this(kind, state, target, changedSince, Optional.empty());
    }
}
