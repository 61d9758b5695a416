package io.hookrelay.queue;

import java.time.Instant;
import java.util.Objects;

/**
 * Thrown by a handler that did not attempt the work because its counterpart has no room for it yet (a
 * receiver already has as many requests in flight as it allows). The intent goes back to {@code pending}
 * until {@code until} without counting an attempt and without an attempt-log entry: nothing was tried.
 */
public class SnoozeException extends Exception {
    private final transient Instant until;

    public SnoozeException(String message, Instant until) {
        super(message);
        this.until = Objects.requireNonNull(until, "until");
    }

    public Instant until() {
        return until;
    }
}
