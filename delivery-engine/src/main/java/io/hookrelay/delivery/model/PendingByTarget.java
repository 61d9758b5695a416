package io.hookrelay.delivery.model;

import java.util.Map;
import java.util.Objects;

/**
 * How many deliveries wait, by target; at least that many when {@code more} (counting stops there, so the
 * overview stays cheap on any backlog). Targets with none are absent.
 */
public record PendingByTarget(Map<String, Long> counts, boolean more) {
    public PendingByTarget {
        counts = Map.copyOf(Objects.requireNonNull(counts, "counts"));
    }
}
