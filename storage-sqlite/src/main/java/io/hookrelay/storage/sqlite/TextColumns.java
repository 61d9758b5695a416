package io.hookrelay.storage.sqlite;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The few values the relay tables keep as text rather than in tables of their own: they are always read
 * and written whole, with the row they belong to, and a child table would only add joins.
 *
 * <p>Each format is refused on the way in when a value would not come back out as it went in, so the
 * database never holds something that silently reads back different.
 */
final class TextColumns {
    private static final String HEADER_SEPARATOR = ": ";

    private TextColumns() {
    }

    /** {@code name: value} lines, by name, so the same headers are always the same text. */
    static String headerLines(Map<String, String> headers) {
        headers.forEach((name, value) -> {
            if (name.contains(":") || hasLineBreak(name) || hasLineBreak(value)) {
                throw new IllegalArgumentException(
                        "header " + name + " cannot be stored: names hold no colon, neither holds a line break");
            }
        });
        return new TreeMap<>(headers).entrySet().stream()
                .map(header -> header.getKey() + HEADER_SEPARATOR + header.getValue())
                .collect(Collectors.joining("\n"));
    }

    static Map<String, String> parseHeaderLines(String text) {
        Map<String, String> headers = new LinkedHashMap<>();
        for (String line : lines(text)) {
            int colon = line.indexOf(HEADER_SEPARATOR);
            if (colon < 0) {
                throw new IllegalStateException("a stored header line has no separator");
            }
            headers.put(line.substring(0, colon), line.substring(colon + HEADER_SEPARATOR.length()));
        }
        return headers;
    }

    /** Comma-separated, such as a retry schedule's whole seconds. */
    static String numbers(List<Long> values) {
        return values.stream().map(Object::toString).collect(Collectors.joining(","));
    }

    static List<Long> parseNumbers(String text) {
        if (text.isEmpty()) {
            return List.of();
        }
        return Arrays.stream(text.split(",")).map(Long::parseLong).toList();
    }

    /** One value a line; the values (redacted header names) are validated elsewhere to hold no line break. */
    static String joinLines(List<String> values) {
        return String.join("\n", values);
    }

    /** The inverse of the two line formats above; no text at all is no lines rather than one empty one. */
    static List<String> lines(String text) {
        return text.isEmpty() ? List.of() : List.of(text.split("\n", -1));
    }

    private static boolean hasLineBreak(String text) {
        return text.indexOf('\n') >= 0 || text.indexOf('\r') >= 0;
    }
}
