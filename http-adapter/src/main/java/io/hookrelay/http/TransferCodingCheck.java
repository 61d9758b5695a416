package io.hookrelay.http;

import io.hookrelay.delivery.InvalidRequestException;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.HeaderValues;
import io.undertow.util.Headers;
import java.util.Objects;

/**
 * Refuses a request whose body has no knowable end: a {@code Transfer-Encoding} other than plain
 * {@code chunked}. Undertow reads such a body until the client closes, so the client never gets an answer
 * and, behind a proxy that framed the same bytes by their {@code Content-Length}, the next request on the
 * connection would be read as this one's body. RFC 9112 §6.3 asks for a 400 and a closed connection, which
 * {@link ErrorBoundary} gives without reading any of the body.
 */
final class TransferCodingCheck implements HttpHandler {
    private static final String CHUNKED = "chunked";

    private final HttpHandler next;

    TransferCodingCheck(HttpHandler next) {
        this.next = Objects.requireNonNull(next, "next");
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) throws Exception {
        if (hasUnknownLength(exchange)) {
            throw new InvalidRequestException("Transfer-Encoding must be chunked or absent");
        }
        next.handleRequest(exchange);
    }

    /** Whether the request's body ends where no reader can tell: it must not be read, only closed on. */
    static boolean hasUnknownLength(HttpServerExchange exchange) {
        return exchange.getRequestHeaders().contains(Headers.TRANSFER_ENCODING) && !isChunked(exchange);
    }

    /** Whether the body comes in plain {@code chunked} coding, the one coding whose end a reader can find. */
    static boolean isChunked(HttpServerExchange exchange) {
        HeaderValues codings = exchange.getRequestHeaders().get(Headers.TRANSFER_ENCODING);
        return codings != null && codings.size() == 1 && codings.getFirst().strip().equalsIgnoreCase(CHUNKED);
    }
}
