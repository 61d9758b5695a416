package io.hookrelay.delivery.send;

import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Reads a receiver's {@code Retry-After}: delta-seconds ({@code 120}) or an HTTP date
 * ({@code Wed, 21 Oct 2015 07:28:00 GMT}).
 *
 * <p>Anything else (a negative number, a fraction, words) is ignored rather than guessed at, and the
 * delivery falls back to its target's schedule. A date already past means "now". However far off the
 * receiver asks, the wait is capped, so one misconfigured receiver cannot park a delivery for a year.
 */
final class RetryAfter {
    private static final Pattern DELTA_SECONDS = Pattern.compile("[0-9]+");

    private RetryAfter() {
    }

    /** The wait the header asks for, at most {@code cap}; empty when it is not a valid Retry-After. */
    static Optional<Duration> parse(String header, Instant now, Duration cap) {
        String value = header.trim();
        return asDeltaSeconds(value, cap).or(() -> asHttpDate(value, now)).map(wait -> min(wait, cap));
    }

    private static Optional<Duration> asDeltaSeconds(String value, Duration cap) {
        if (!DELTA_SECONDS.matcher(value).matches()) {
            return Optional.empty();
        }
        try {
            return Optional.of(Duration.ofSeconds(Long.parseLong(value)));
        } catch (NumberFormatException beyondLong) {
            return Optional.of(cap);
        }
    }

    private static Optional<Duration> asHttpDate(String value, Instant now) {
        try {
            Instant at = DateTimeFormatter.RFC_1123_DATE_TIME.parse(value, Instant::from);
            return Optional.of(at.isAfter(now) ? Duration.between(now, at) : Duration.ZERO);
        } catch (DateTimeParseException notADate) {
            return Optional.empty();
        }
    }

    private static Duration min(Duration wait, Duration cap) {
        return wait.compareTo(cap) > 0 ? cap : wait;
    }
}
