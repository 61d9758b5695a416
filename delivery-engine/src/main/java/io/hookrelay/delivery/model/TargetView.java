package io.hookrelay.delivery.model;

import java.util.Objects;
import java.util.Optional;

/**
 * A target as operators see it: its settings, whether its deliveries are paused, and, for a {@code fifo} target,
 * the failing delivery that holds the rest back.
 */
public record TargetView(Target target, boolean paused, Optional<BlockingDelivery> blockedBy) {
    public TargetView {
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(blockedBy, "blockedBy");
    }

    /** A target nothing holds back. */
    public TargetView(Target target, boolean paused) {
        this(target, paused, Optional.empty());
    }
}
