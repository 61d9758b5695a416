package io.hookrelay.http;

import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.StatusCodes;
import java.util.Map;

/** {@code GET /healthz}: answering at all is the proof that the process is up; it checks nothing else. */
final class HealthzHandler implements HttpHandler {
    @Override
    public void handleRequest(HttpServerExchange exchange) {
        JsonResponses.send(exchange, StatusCodes.OK, Map.of("status", "ok"));
    }
}
