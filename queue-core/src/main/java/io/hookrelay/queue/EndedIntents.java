package io.hookrelay.queue;

import java.time.Instant;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;

/** Intents of {@code kind} that ended in one of {@code states} before {@code endedBefore}: what a sweep may delete. */
public record EndedIntents(String kind, Set<IntentState> states, Instant endedBefore) {
    public EndedIntents {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(endedBefore, "endedBefore");
        if (states.isEmpty() || !states.stream().allMatch(IntentState::isTerminal)) {
            throw new IllegalArgumentException("only ended states can be deleted: " + states);
        }
        states = Set.copyOf(EnumSet.copyOf(states));
    }
}
