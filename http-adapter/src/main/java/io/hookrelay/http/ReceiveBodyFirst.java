package io.hookrelay.http;

import io.hookrelay.delivery.Source;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.server.protocol.http.HttpContinue;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Objects;

/**
 * Reads a request's body on the I/O thread, without blocking, and only then dispatches the request to a
 * request thread, where {@code blocking} runs: a client that sends its body slowly, or stalls half-way, holds
 * its connection and the bytes it sent until the read deadline cuts it off, never a request thread. Otherwise
 * a few dozen stalled clients would hold every request thread and no one else would be answered (DESIGN §5).
 *
 * <p>What is kept is at most one byte past the most the request's endpoint could take ({@link #capOf}), so an
 * oversize body still shows itself to the endpoint, which answers {@code 413} in the API's shape; the rest is
 * read and dropped here, as {@link ErrorBoundary} would have done on a request thread, up to
 * {@link ErrorBoundary#DISCARD_LIMIT}, past which the connection is closed after the answer. Bodies not read
 * here are those {@link ErrorBoundary} never reads either (no knowable end, a client waiting for
 * {@code 100 Continue}, a {@code Content-Length} past the discard limit, malformed chunked framing that
 * {@link StrictChunkedBodies} found already): the endpoint refuses them by their head, or reads them itself.
 */
final class ReceiveBodyFirst implements HttpHandler {
    private static final String INGEST_PREFIX = "/hooks/";

    private final HttpHandler blocking;

    ReceiveBodyFirst(HttpHandler blocking) {
        this.blocking = Objects.requireNonNull(blocking, "blocking");
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) {
        if (exchange.isRequestComplete() || ReceivedBody.of(exchange).isPresent() || TransferCodingCheck.hasUnknownLength(exchange)
                || HttpContinue.requiresContinueResponse(exchange) || exchange.getRequestContentLength() > ErrorBoundary.DISCARD_LIMIT) {
            dispatch(exchange);
            return;
        }
        // The caps below are the limits; Undertow's own would drop the connection without an answer.
        exchange.setMaxEntitySize(-1);
        Collector collector = new Collector(exchange, capOf(exchange));
        exchange.getRequestReceiver().receivePartialBytes(collector::received, collector::failed);
    }

    /** The most any endpoint at this request's path reads of a body: ingest's largest source limit, else the API's. */
    static int capOf(HttpServerExchange exchange) {
        return exchange.getRelativePath().startsWith(INGEST_PREFIX) ? Source.LARGEST_MAX_BODY_BYTES : ApiRequest.MAX_JSON_BYTES;
    }

    private void dispatch(HttpServerExchange exchange) {
        exchange.startBlocking();
        exchange.dispatch(blocking);
    }

    /** One body's bytes as they arrive; called on the connection's I/O thread only. */
    private final class Collector {
        private final HttpServerExchange exchange;
        private final int cap;
        private final ByteArrayOutputStream start = new ByteArrayOutputStream();
        private long received;

        Collector(HttpServerExchange exchange, int cap) {
            this.exchange = exchange;
            this.cap = cap;
        }

        void received(HttpServerExchange unused, byte[] bytes, boolean last) {
            received += bytes.length;
            start.write(bytes, 0, Math.min(cap + 1 - start.size(), bytes.length));
            if (last) {
                proceed(false);
            } else if (received > ErrorBoundary.DISCARD_LIMIT) {
                exchange.getRequestReceiver().pause();
                exchange.setPersistent(false);
                proceed(false);
            }
        }

        void failed(HttpServerExchange unused, IOException brokenOff) {
            exchange.setPersistent(false);
            proceed(true);
        }

        private void proceed(boolean brokenOff) {
            exchange.putAttachment(ReceivedBody.KEY, new ReceivedBody(start.toByteArray(), brokenOff));
            dispatch(exchange);
        }
    }
}
