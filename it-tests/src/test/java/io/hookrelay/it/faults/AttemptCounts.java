package io.hookrelay.it.faults;

import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** {@code relay_delivery_attempts_total} per outcome label, as {@code /metrics} exports it. */
final class AttemptCounts {
    private static final Pattern SAMPLE = Pattern.compile(
            "^relay_delivery_attempts_total\\{outcome=\"([a-z0-9_]+)\",?} ([0-9.Ee+]+)$", Pattern.MULTILINE);

    private AttemptCounts() {
    }

    static Map<String, Long> byOutcome(String exposition) {
        Map<String, Long> counts = new TreeMap<>();
        Matcher sample = SAMPLE.matcher(exposition);
        while (sample.find()) {
            counts.put(sample.group(1), (long) Double.parseDouble(sample.group(2)));
        }
        return counts;
    }
}
