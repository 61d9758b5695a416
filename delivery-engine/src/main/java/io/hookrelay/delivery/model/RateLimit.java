package io.hookrelay.delivery.model;

import io.hookrelay.delivery.error.InvalidRequestException;

/**
 * A target's {@code rate_limit_per_s}: deliveries started per second, on average, over every worker and node, as
 * a token bucket that refills at that rate and holds at most {@link #burst} tokens, so an idle target may take a
 * second's worth at once and never more.
 */
public record RateLimit(double perSecond) {
    public static final double SLOWEST = 0.01;
    public static final double FASTEST = 100_000;

    public RateLimit {
        if (!Double.isFinite(perSecond) || perSecond < SLOWEST || perSecond > FASTEST) {
            throw new InvalidRequestException("rate_limit_per_s must be between " + SLOWEST + " and " + (long) FASTEST + ", or null for none");
        }
    }

    /** A second's worth, and at least one, or a limit below one a second could never send. */
    public int burst() {
        return (int) Math.max(1, Math.ceil(perSecond));
    }
}
