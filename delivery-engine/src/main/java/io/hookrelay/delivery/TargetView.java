package io.hookrelay.delivery;

import java.util.Objects;

/** A target as operators see it: its settings and whether its deliveries are paused. */
public record TargetView(Target target, boolean paused) {
    public TargetView {
        Objects.requireNonNull(target, "target");
    }
}
