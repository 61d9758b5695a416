package io.hookrelay.delivery.retention;

import java.util.Objects;
import java.util.function.BooleanSupplier;

/** One run's permission to go on, asked before every batch and remembered once withdrawn. */
final class Permission {
    private final BooleanSupplier keepGoing;
    private boolean withdrawn;

    Permission(BooleanSupplier keepGoing) {
        this.keepGoing = Objects.requireNonNull(keepGoing, "keepGoing");
    }

    boolean mayContinue() {
        if (!withdrawn && !keepGoing.getAsBoolean()) {
            withdrawn = true;
        }
        return !withdrawn;
    }

    boolean withdrawn() {
        return withdrawn;
    }
}
