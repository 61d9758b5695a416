package io.hookrelay.http;

import io.hookrelay.delivery.error.InvalidRequestException;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.HeaderValues;
import io.undertow.util.Headers;
import java.util.Objects;

/**
 * Refuses a request whose body has no knowable end: a {@code Transfer-Encoding} other than plain
 * {@code chunked}, or a {@code Content-Length} that is not a decimal number below 2^63. Undertow reads the
 * first kind of body until the client closes, so the client never gets an answer, and frames the second by
 * a length that wrapped around past 2^64, so the bytes after it are read as a request of their own; behind a
 * proxy that framed the same bytes otherwise, either smuggles a request past it. RFC 9112 §6.3 asks for a 400
 * and a closed connection, which {@link ErrorBoundary} gives without reading any of the body.
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
            // Whatever the bytes after the head were framed as, none of them may be read as the next request.
            exchange.setPersistent(false);
            throw new InvalidRequestException(hasUnusableContentLength(exchange)
                    ? "Content-Length must be a decimal number below 2^63" : "Transfer-Encoding must be chunked or absent");
        }
        next.handleRequest(exchange);
    }

    /** Whether the request's body ends where no reader can tell: it must not be read, only closed on. */
    static boolean hasUnknownLength(HttpServerExchange exchange) {
        return exchange.getRequestHeaders().contains(Headers.TRANSFER_ENCODING) && !isChunked(exchange)
                || hasUnusableContentLength(exchange);
    }

    /** Whether a {@code Content-Length} is there that {@link HttpServerExchange#getRequestContentLength} cannot read. */
    private static boolean hasUnusableContentLength(HttpServerExchange exchange) {
        HeaderValues lengths = exchange.getRequestHeaders().get(Headers.CONTENT_LENGTH);
        return lengths != null && !lengths.stream().allMatch(TransferCodingCheck::isLength);
    }

    private static boolean isLength(String value) {
        if (value.isEmpty() || value.length() > 19 || !value.chars().allMatch(c -> c >= '0' && c <= '9')) {
            return false;
        }
        try {
            Long.parseLong(value);
            return true;
        } catch (NumberFormatException pastTheLargestLong) {
            return false;
        }
    }

    /** Whether the body comes in plain {@code chunked} coding, the one coding whose end a reader can find. */
    static boolean isChunked(HttpServerExchange exchange) {
        HeaderValues codings = exchange.getRequestHeaders().get(Headers.TRANSFER_ENCODING);
        return codings != null && codings.size() == 1 && codings.getFirst().strip().equalsIgnoreCase(CHUNKED);
    }
}
