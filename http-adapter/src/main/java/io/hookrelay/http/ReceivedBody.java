package io.hookrelay.http;

import io.undertow.server.HttpServerExchange;
import io.undertow.util.AttachmentKey;
import java.util.Optional;

/**
 * A request body as {@link ReceiveBodyFirst} read it off the connection before the request went to a request
 * thread.
 *
 * @param start     the body, or its first {@code cap + 1} bytes when it was longer than the most its endpoint
 *                  could take, so that the endpoint still sees it is too long
 * @param brokenOff the client broke off, or stalled past the read deadline, before the body's end
 */
record ReceivedBody(byte[] start, boolean brokenOff) {
    static final AttachmentKey<ReceivedBody> KEY = AttachmentKey.create(ReceivedBody.class);

    /** What was received of this exchange's body, if it was received before dispatch. */
    static Optional<ReceivedBody> of(HttpServerExchange exchange) {
        return Optional.ofNullable(exchange.getAttachment(KEY));
    }
}
