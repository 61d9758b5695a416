package io.hookrelay.cli.common;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * A span of time as operators write it on a command line: a whole number with {@code s}, {@code m}, {@code h}
 * or {@code d} ({@code 30s}, {@code 5m}, {@code 7d}); a bare number is seconds. Whole seconds are all a
 * relay's settings need, and one notation for every option and retry schedule is one less thing to learn.
 */
public final class DurationText {
    private static final Pattern SPAN = Pattern.compile("(\\d{1,9})([smhd]?)");
    private static final long[] UNIT_SECONDS = {86_400, 3_600, 60, 1};
    private static final String UNITS = "dhms";

    private DurationText() {
    }

    /** @throws IllegalArgumentException naming the text when it is not such a span */
    public static Duration parse(String text) {
        Matcher matcher = SPAN.matcher(text.strip().toLowerCase(Locale.ROOT));
        if (!matcher.matches()) {
            throw new IllegalArgumentException("'" + text + "' is not a duration such as 30s, 5m, 2h or 7d");
        }
        String unit = matcher.group(2).isEmpty() ? "s" : matcher.group(2);
        return Duration.ofSeconds(Long.parseLong(matcher.group(1)) * UNIT_SECONDS[UNITS.indexOf(unit)]);
    }

    /** In the largest unit that divides it exactly, so nothing is rounded away; {@link #parse} reads it back. */
    public static String describe(Duration span) {
        long seconds = span.toSeconds();
        for (int i = 0; i < UNIT_SECONDS.length - 1; i++) {
            if (seconds != 0 && seconds % UNIT_SECONDS[i] == 0) {
                return seconds / UNIT_SECONDS[i] + UNITS.substring(i, i + 1);
            }
        }
        return seconds + "s";
    }

    /** Reads an option written as such a span. */
    public static final class Converter implements ITypeConverter<Duration> {
        @Override
        public Duration convert(String value) {
            try {
                return parse(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }
}
