package io.hookrelay.delivery.filter;

import io.hookrelay.delivery.error.InvalidRequestException;
import java.util.regex.Pattern;

/**
 * The JSON pointers a source may name: RFC 6901, {@code /}-separated tokens in which {@code ~} only starts
 * the escapes {@code ~0} ({@code ~}) and {@code ~1} ({@code /}). {@code ""} would be the whole body, which is never
 * a value hookrelay reads, so it is refused.
 */
public final class JsonPointerSyntax {
    private static final Pattern RFC_6901 = Pattern.compile("(/([^~/]|~[01])*)+");
    private static final int LONGEST = 256;

    private JsonPointerSyntax() {
    }

    /**
     * @param field the request's name for it, for the refusal
     * @throws InvalidRequestException when {@code pointer} is not such a pointer
     */
    public static void require(String pointer, String field) {
        if (pointer == null || pointer.length() > LONGEST || !RFC_6901.matcher(pointer).matches() || !StorableText.isStorable(pointer)) {
            throw new InvalidRequestException(field + " must be an RFC 6901 pointer: it starts with /, a ~ is always ~0 or ~1, "
                    + "it holds no NUL or lone surrogate, and it is at most " + LONGEST + " characters");
        }
    }
}
