package io.hookrelay.queue;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * Ended intents an operator sends again in bulk: those of {@code kind} in {@code state} ({@code failed} or
 * {@code cancelled}), optionally only of one target or of one namespace of targets, and only those whose last change
 * was at or after {@code changedSince} and before {@code changedBefore}.
 *
 * <p>A target named {@code space/name} is in namespace {@code space}; one without a {@code /} is in the namespace
 * {@code ""}. An application that embeds the queue without namespacing its targets never needs one; the relay keeps
 * each tenant's targets in a namespace of their own.
 */
public record IntentSelection(String kind, IntentState state, Optional<String> target, Optional<Instant> changedSince,
                              Optional<Instant> changedBefore, Optional<String> namespace) {
    public IntentSelection {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(changedSince, "changedSince");
        Objects.requireNonNull(changedBefore, "changedBefore");
        Objects.requireNonNull(namespace, "namespace");
        if (state != IntentState.FAILED && state != IntentState.CANCELLED) {
            throw new IllegalArgumentException("only failed or cancelled intents are retried in bulk, not " + state);
        }
        if (namespace.filter(space -> space.contains("/")).isPresent()) {
            throw new IllegalArgumentException("a namespace holds no '/': " + namespace.get());
        }
    }

    /** Of every namespace. */
    public IntentSelection(String kind, IntentState state, Optional<String> target, Optional<Instant> changedSince,
                           Optional<Instant> changedBefore) {
        this(kind, state, target, changedSince, changedBefore, Optional.empty());
    }

    /** Of every namespace, those whose last change was at or after {@code changedSince}, however recent. */
    public IntentSelection(String kind, IntentState state, Optional<String> target, Optional<Instant> changedSince) {
        this(kind, state, target, changedSince, Optional.empty());
    }
}
