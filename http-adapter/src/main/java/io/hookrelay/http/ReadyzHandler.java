package io.hookrelay.http;

import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.StatusCodes;
import java.util.Map;
import java.util.Objects;

/** {@code GET /readyz}: 200 while the process can take and do work, 503 with the reason while it cannot. */
final class ReadyzHandler implements HttpHandler {
    private final ReadinessCheck check;

    ReadyzHandler(ReadinessCheck check) {
        this.check = Objects.requireNonNull(check, "check");
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) {
        Readiness readiness = check.check();
        if (readiness.ready()) {
            JsonResponses.send(exchange, StatusCodes.OK, Map.of("status", "ready"));
        } else {
            JsonResponses.error(exchange, StatusCodes.SERVICE_UNAVAILABLE, "not_ready", readiness.reason());
        }
    }
}
