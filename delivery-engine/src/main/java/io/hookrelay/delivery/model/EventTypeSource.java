package io.hookrelay.delivery.model;

import io.hookrelay.delivery.error.InvalidRequestException;
import io.hookrelay.delivery.filter.JsonPointerSyntax;
import io.hookrelay.delivery.header.HeaderNames;
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
            if (!HeaderNames.isValid(name)) {
                throw new InvalidRequestException("event_type.header must be an HTTP header name");
            }
        }
    }

    /** A pointer into the body, as {@link JsonPointerSyntax} takes them. */
    record JsonPointer(String pointer) implements EventTypeSource {
        public JsonPointer {
            Objects.requireNonNull(pointer, "pointer");
            JsonPointerSyntax.require(pointer, "event_type.json_pointer");
        }
    }
}
