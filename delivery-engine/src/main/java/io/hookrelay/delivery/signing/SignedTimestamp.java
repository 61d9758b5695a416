package io.hookrelay.delivery.signing;

import java.time.Duration;
import java.time.Instant;
import java.util.OptionalLong;
import java.util.regex.Pattern;

/**
 * The unix-seconds timestamp that Standard Webhooks and Stripe sign along with the body. Refusing one far
 * from now is what stops a captured request from being replayed later, since its signature stays valid
 * forever. Compared in whole seconds: that is the timestamp's own resolution, and what providers'
 * libraries compare.
 */
public final class SignedTimestamp {
    public static final Duration TOLERANCE = Duration.ofMinutes(5);
    private static final Pattern UNIX_SECONDS = Pattern.compile("[0-9]{1,12}");

    private SignedTimestamp() {
    }

    /** The timestamp, when {@code value} is unix seconds (digits only, so no sign or spaces slip through). */
    public static OptionalLong parse(String value) {
        return value != null && UNIX_SECONDS.matcher(value).matches() ? OptionalLong.of(Long.parseLong(value)) : OptionalLong.empty();
    }

    /** Seconds from signing to {@code now}: positive when signed in the past, negative when in the future. */
    public static long ageSeconds(long signedAt, Instant now) {
        return now.getEpochSecond() - signedAt;
    }

    /** Whether it was signed at most {@link #TOLERANCE} before or after {@code now}. */
    public static boolean isCurrent(long signedAt, Instant now) {
        return Math.abs(ageSeconds(signedAt, now)) <= TOLERANCE.toSeconds();
    }
}
