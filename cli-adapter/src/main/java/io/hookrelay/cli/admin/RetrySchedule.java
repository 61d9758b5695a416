package io.hookrelay.cli.admin;

import com.fasterxml.jackson.databind.JsonNode;
import io.hookrelay.cli.common.DurationText;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.StreamSupport;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * A target's retry schedule as people write and read it: {@code 5s,5m,30m,2h,1d} (a bare number is
 * seconds), or {@code none} for no retries at all. The API itself speaks seconds ({@code retry_schedule_s}).
 *
 * @param waitsSeconds the waits before retry 1, 2, …
 */
record RetrySchedule(List<Long> waitsSeconds) {
    static final String NO_RETRIES = "none";

    RetrySchedule {
        waitsSeconds = List.copyOf(waitsSeconds);
    }

    static RetrySchedule parse(String text) {
        String schedule = text.strip().toLowerCase(Locale.ROOT);
        if (schedule.equals(NO_RETRIES)) {
            return new RetrySchedule(List.of());
        }
        List<Long> waits = new ArrayList<>();
        for (String wait : schedule.split(",", -1)) {
            try {
                waits.add(DurationText.parse(wait).toSeconds());
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("'" + text + "' is not a list of waits such as 5s,5m,30m,2h,1d (or "
                        + NO_RETRIES + ")");
            }
        }
        return new RetrySchedule(waits);
    }

    /** The server's {@code retry_schedule_s} array, written the way {@link #parse} reads it. */
    static String describe(JsonNode seconds) {
        List<String> waits = StreamSupport.stream(seconds.spliterator(), false)
                .map(wait -> DurationText.describe(Duration.ofSeconds(wait.asLong()))).toList();
        return waits.isEmpty() ? NO_RETRIES : String.join(",", waits);
    }

    /** Reads {@code --retry-schedule}. */
    static final class Converter implements ITypeConverter<RetrySchedule> {
        @Override
        public RetrySchedule convert(String value) {
            try {
                return parse(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }
}
