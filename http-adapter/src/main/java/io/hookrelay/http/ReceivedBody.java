package io.hookrelay.http;

import io.undertow.server.HttpServerExchange;
import io.undertow.util.AttachmentKey;
import java.util.Objects;
import java.util.Optional;

/**
 * How the reading of a request's body ended, as {@link RequestBodies} read it off the connection before the
 * endpoint ran; {@link ApiRequest#body()} turns each ending into the body or its refusal.
 */
sealed interface ReceivedBody {
    AttachmentKey<ReceivedBody> KEY = AttachmentKey.create(ReceivedBody.class);

    /** What was received of this exchange's body, if it was received before the endpoint ran. */
    static Optional<ReceivedBody> of(HttpServerExchange exchange) {
        return Optional.ofNullable(exchange.getAttachment(KEY));
    }

    /** The whole body, no longer than the endpoint's limit. */
    record Whole(byte[] bytes) implements ReceivedBody {
        public Whole {
            Objects.requireNonNull(bytes, "bytes");
        }
    }

    /** Declared or found longer than {@code limit}; the rest was not kept. */
    record OverLimit(int limit) implements ReceivedBody {
        public OverLimit {
            if (limit < 0) {
                throw new IllegalArgumentException("a body limit is at least 0 bytes, not " + limit);
            }
        }
    }

    /** The client broke off, stalled past the read deadline or broke the chunked framing before the body's end. */
    record BrokenOff() implements ReceivedBody {
    }

    /** Bodies already held in memory used up {@link BodyBudget}: the server is too busy to take this one now. */
    record NoRoom() implements ReceivedBody {
    }
}
