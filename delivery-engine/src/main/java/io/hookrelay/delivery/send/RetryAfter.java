package io.hookrelay.delivery.send;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoField;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Reads a receiver's {@code Retry-After}: delta-seconds ({@code 120}) or an HTTP date
 * ({@code Wed, 21 Oct 2015 07:28:00 GMT}). Senders must write dates that way, but RFC 9110 §5.6.7 has
 * recipients read the two obsolete forms as well ({@code Wednesday, 21-Oct-15 07:28:00 GMT} and
 * {@code Wed Oct 21 07:28:00 2015}): a receiver running old software that asks for an hour in one of them
 * must not be sent the retry after the schedule's five seconds.
 *
 * <p>Anything else (a negative number, a fraction, words) is ignored rather than guessed at, and the
 * delivery falls back to its target's schedule. A date already past means "now". However far off the
 * receiver asks, the wait is capped, so one misconfigured receiver cannot park a delivery for a year.
 */
final class RetryAfter {
    private static final Pattern DELTA_SECONDS = Pattern.compile("[0-9]+");
    private static final DateTimeFormatter ASCTIME_DATE = new DateTimeFormatterBuilder().parseCaseInsensitive()
            .appendPattern("EEE MMM ppd HH:mm:ss uuuu").toFormatter(Locale.ENGLISH).withZone(ZoneOffset.UTC);
    /** RFC 850's year has two digits: read as at most 50 years ahead, else as the century before (RFC 9110). */
    private static final int RFC_850_YEARS_AHEAD = 50;

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
        for (DateTimeFormatter form : List.of(DateTimeFormatter.RFC_1123_DATE_TIME, rfc850Date(now), ASCTIME_DATE)) {
            try {
                Instant at = form.parse(value, Instant::from);
                return Optional.of(at.isAfter(now) ? Duration.between(now, at) : Duration.ZERO);
            } catch (DateTimeParseException notInThisForm) {
                // try the next form; a value in none of them is ignored
            }
        }
        return Optional.empty();
    }

    private static DateTimeFormatter rfc850Date(Instant now) {
        int latestYear = now.atOffset(ZoneOffset.UTC).getYear() + RFC_850_YEARS_AHEAD;
        return new DateTimeFormatterBuilder().parseCaseInsensitive()
                .appendPattern("EEEE, dd-MMM-")
                .appendValueReduced(ChronoField.YEAR, 2, 2, latestYear - 99)
                .appendPattern(" HH:mm:ss 'GMT'")
                .toFormatter(Locale.ENGLISH).withZone(ZoneOffset.UTC);
    }

    private static Duration min(Duration wait, Duration cap) {
        return wait.compareTo(cap) > 0 ? cap : wait;
    }
}
