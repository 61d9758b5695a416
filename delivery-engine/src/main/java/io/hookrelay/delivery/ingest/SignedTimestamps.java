package io.hookrelay.delivery.ingest;

import io.hookrelay.delivery.InvalidSignatureException;
import java.time.Duration;
import java.time.Instant;

/**
 * The timestamp that Standard Webhooks and Stripe sign along with the body. Refusing a timestamp far from
 * now is what stops a captured request from being replayed later: its signature stays valid forever.
 */
final class SignedTimestamps {
    static final Duration TOLERANCE = Duration.ofMinutes(5);
    private static final String UNIX_SECONDS = "[0-9]{1,12}";

    private SignedTimestamps() {
    }

    /**
     * Checks that {@code value} is unix seconds at most {@link #TOLERANCE} before or after {@code now}, in
     * whole seconds because that is the timestamp's own resolution (and what providers' libraries compare).
     *
     * @param name the header or field, for the refusal's message
     */
    static void requireCurrent(String value, String name, Instant now) {
        if (!value.matches(UNIX_SECONDS)) {
            throw new InvalidSignatureException(name + " must be unix seconds");
        }
        long skew = Math.abs(now.getEpochSecond() - Long.parseLong(value));
        if (skew > TOLERANCE.toSeconds()) {
            throw new InvalidSignatureException(name + " is more than " + TOLERANCE.toMinutes() + " minutes away from now");
        }
    }
}
