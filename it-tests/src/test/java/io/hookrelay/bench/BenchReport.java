package io.hookrelay.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The benchmark's table: each figure with what it is compared with, measured in the same run. */
final class BenchReport {
    private final List<String> header = new ArrayList<>();
    private final List<String> rows = new ArrayList<>();

    void describe(String format, Object... arguments) {
        header.add(String.format(Locale.ROOT, format, arguments));
    }

    /** One row: {@code beside} is the baseline, ratio or target it is read against. */
    void figure(String section, String name, String value, String beside) {
        rows.add("| " + section + " | " + name + " | " + value + " | " + beside + " |");
    }

    static String number(double value) {
        return String.format(Locale.ROOT, "%,.0f", value);
    }

    static String millis(double value) {
        return String.format(Locale.ROOT, "%.1f ms", value);
    }

    static String ratio(double value) {
        return String.format(Locale.ROOT, "%.2f×", value);
    }

    static String mebibytes(long bytes) {
        return String.format(Locale.ROOT, "%,d MiB", bytes / (1024 * 1024));
    }

    String table() {
        List<String> lines = new ArrayList<>(header);
        lines.add("");
        lines.add("| section | figure | measured | beside it |");
        lines.add("|---|---|---|---|");
        lines.addAll(rows);
        return String.join(System.lineSeparator(), lines);
    }
}
