package io.hookrelay.delivery;

import java.util.Objects;

/**
 * Where a source finds an inbound event's type, which routes filter on: nowhere, a header (GitHub's
 * {@code X-GitHub-Event}), or a JSON pointer into the body (Stripe's {@code /type}).
 */
public sealed interface EventTypeSource {

    record None() implements EventTypeSource {
    }

    record Header(String name) implements EventTypeSource {
        public Header {
            if (name == null || !name.matches("[A-Za-z0-9-]{1,128}")) {
                throw new InvalidRequestException("event_type.header must be an HTTP header name");
            }
        }
    }

    /** An RFC 6901 pointer; {@code ""} would be the whole body, which is never a type, so it is refused. */
    record JsonPointer(String pointer) implements EventTypeSource {
        public JsonPointer {
            Objects.requireNonNull(pointer, "pointer");
            if (!pointer.startsWith("/") || pointer.length() > 256) {
                throw new InvalidRequestException("event_type.json_pointer must start with / and be at most 256 characters");
            }
        }
    }
}
