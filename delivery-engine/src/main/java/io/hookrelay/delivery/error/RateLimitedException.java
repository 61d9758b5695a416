package io.hookrelay.delivery.error;

import java.time.Duration;
import java.util.Objects;

/** A tenant's quota of webhooks a second is used up: the sender may try again after {@link #retryAfter()}. */
public final class RateLimitedException extends RelayException {
    private final Duration retryAfter;

    public RateLimitedException(String message, Duration retryAfter) {
        super("rate_limited", message);
        this.retryAfter = Objects.requireNonNull(retryAfter, "retryAfter");
    }

    public Duration retryAfter() {
        return retryAfter;
    }
}
