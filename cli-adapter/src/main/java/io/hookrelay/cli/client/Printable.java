package io.hookrelay.cli.client;

/**
 * Text from the server made safe for a terminal: control characters (an escape sequence could move the
 * cursor or retitle the window) become {@code ?}.
 */
public final class Printable {
    private static final char REPLACEMENT = '?';

    private Printable() {
    }

    /** One line: line breaks and tabs become spaces, so a table row stays one row. */
    public static String line(String text) {
        return clean(text.replaceAll("[\\r\\n\\t]+", " "));
    }

    /** Several lines: line breaks and tabs are kept. */
    public static String text(String text) {
        return clean(text.replace("\r\n", "\n"));
    }

    private static String clean(String text) {
        StringBuilder clean = new StringBuilder(text.length());
        text.codePoints().forEach(c -> {
            boolean allowed = c == '\n' || c == '\t' || !Character.isISOControl(c);
            clean.appendCodePoint(allowed ? c : REPLACEMENT);
        });
        return clean.toString();
    }
}
