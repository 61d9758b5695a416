package io.hookrelay.delivery;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * Where a source finds an inbound event's type, which routes filter on: nowhere, a header (GitHub's
 * {@code X-GitHub-Event}), or a JSON pointer into the body (Stripe's {@code /type}).
 */
public sealed interface EventTypeSource {

    record None() implements EventTypeSource {
    }

    record Header(String name) implements EventTypeSource {
        public Header {
            if (!HeaderNames.isValid(name)) {
                throw new InvalidRequestException("event_type.header must be an HTTP header name");
            }
        }
    }

    /**
     * An RFC 6901 pointer: {@code /}-separated tokens in which {@code ~} only starts the escapes {@code ~0}
     * ({@code ~}) and {@code ~1} ({@code /}). {@code ""} would be the whole body, which is never a type, so it
     * is refused.
     */
    record JsonPointer(String pointer) implements EventTypeSource {
        private static final Pattern RFC_6901 = Pattern.compile("(/([^~/]|~[01])*)+");
        private static final int LONGEST = 256;

        public JsonPointer {
            Objects.requireNonNull(pointer, "pointer");
            if (pointer.length() > LONGEST || !RFC_6901.matcher(pointer).matches()) {
                throw new InvalidRequestException("event_type.json_pointer must be an RFC 6901 pointer: it starts with /, a ~ is "
                        + "always ~0 or ~1, and it is at most " + LONGEST + " characters");
            }
        }
    }
}
