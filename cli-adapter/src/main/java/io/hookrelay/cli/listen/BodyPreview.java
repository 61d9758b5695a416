package io.hookrelay.cli.listen;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * A body as {@code hookrelay listen} prints it: UTF-8 text, indented under its request's line, at most its
 * first 2 KiB, and with every control character but newline and tab written out, so that a body can
 * neither flood the terminal nor drive it (an escape sequence could recolour or retitle it).
 */
final class BodyPreview {
    static final int SHOWN_BYTES = 2048;
    private static final String INDENT = "  ";
    /** The most continuation bytes a UTF-8 character has. */
    private static final int CONTINUATION_BYTES = 3;

    private BodyPreview() {
    }

    static List<String> lines(byte[] body) {
        if (body.length == 0) {
            return List.of(INDENT + "(empty body)");
        }
        int shown = shownLength(body);
        List<String> lines = new ArrayList<>();
        visible(new String(body, 0, shown, StandardCharsets.UTF_8)).lines().forEach(line -> lines.add(INDENT + line));
        if (shown < body.length) {
            lines.add(INDENT + "[truncated: the first " + shown + " of " + body.length + " bytes are shown]");
        }
        return lines;
    }

    /** Control characters other than newline and tab as escapes: {@code \r}, else {@code \xNN}. */
    static String visible(String text) {
        StringBuilder visible = new StringBuilder(text.length());
        text.codePoints().forEach(c -> {
            if (c == '\n' || c == '\t' || !Character.isISOControl(c)) {
                visible.appendCodePoint(c);
            } else if (c == '\r') {
                visible.append("\\r");
            } else {
                visible.append(String.format("\\x%02x", c));
            }
        });
        return visible.toString();
    }

    /** The limit, moved back to where a character starts, so the last character shown is a whole one. */
    private static int shownLength(byte[] body) {
        if (body.length <= SHOWN_BYTES) {
            return body.length;
        }
        int end = SHOWN_BYTES;
        while (end > SHOWN_BYTES - CONTINUATION_BYTES && isContinuation(body[end])) {
            end--;
        }
        return end;
    }

    private static boolean isContinuation(byte b) {
        return (b & 0xC0) == 0x80;
    }
}
