package io.hookrelay.http.api;

import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;

/** Times as the API writes them: RFC 3339 in UTC, to the millisecond the stores keep. */
final class JsonTimes {
    private JsonTimes() {
    }

    static String format(Instant instant) {
        return DateTimeFormatter.ISO_INSTANT.format(instant.truncatedTo(ChronoUnit.MILLIS));
    }
}
