package io.hookrelay.http;

import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.StatusCodes;
import java.util.Objects;
import org.xnio.IoUtils;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one place an unexpected failure becomes an answer: a 500 in the API's error shape whose message is
 * fixed, because exception text can carry paths, SQL or secrets that a client must never see. The
 * operator gets the full failure in the log instead.
 */
final class ErrorBoundary implements HttpHandler {
    private static final Logger log = LoggerFactory.getLogger(ErrorBoundary.class);

    private final HttpHandler next;

    ErrorBoundary(HttpHandler next) {
        this.next = Objects.requireNonNull(next, "next");
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) {
        try {
            next.handleRequest(exchange);
        } catch (Exception e) {
            // The path, not the URL: a query string may carry something secret.
            log.error("{} {} failed", exchange.getRequestMethod(), exchange.getRequestPath(), e);
            if (exchange.isResponseStarted()) {
                // Half an answer is already out; closing is the only way to tell the client it is incomplete.
                IoUtils.safeClose(exchange.getConnection());
            } else {
                exchange.getResponseHeaders().clear();
                JsonResponses.error(exchange, StatusCodes.INTERNAL_SERVER_ERROR, "internal", "internal error");
            }
        }
    }
}
