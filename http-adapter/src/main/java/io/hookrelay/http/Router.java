package io.hookrelay.http;

import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;
import io.undertow.util.HttpString;
import io.undertow.util.StatusCodes;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Sends each request to the handler for its exact path and method. A known path asked with another
 * method gets 405 with an {@code Allow} header, so a client learns what the endpoint does take; an unknown
 * path gets 404. Both answer in the API's JSON error shape.
 */
final class Router implements HttpHandler {
    private final Map<String, Map<HttpString, HttpHandler>> byPath;

    private Router(Map<String, Map<HttpString, HttpHandler>> byPath) {
        this.byPath = byPath;
    }

    static Builder builder() {
        return new Builder();
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) throws Exception {
        Map<HttpString, HttpHandler> byMethod = byPath.get(exchange.getRelativePath());
        if (byMethod == null) {
            JsonResponses.error(exchange, StatusCodes.NOT_FOUND, "not_found", "no such endpoint");
            return;
        }
        exchange.putAttachment(RequestMetrics.ENDPOINT, exchange.getRelativePath());
        HttpHandler handler = byMethod.get(exchange.getRequestMethod());
        if (handler == null) {
            String allowed = byMethod.keySet().stream().map(HttpString::toString).sorted().collect(Collectors.joining(", "));
            exchange.getResponseHeaders().put(Headers.ALLOW, allowed);
            JsonResponses.error(exchange, StatusCodes.METHOD_NOT_ALLOWED, "method_not_allowed",
                    "this endpoint allows " + allowed);
            return;
        }
        handler.handleRequest(exchange);
    }

    static final class Builder {
        private final Map<String, Map<HttpString, HttpHandler>> byPath = new HashMap<>();

        Builder route(HttpString method, String path, HttpHandler handler) {
            HttpHandler previous = byPath.computeIfAbsent(path, unused -> new LinkedHashMap<>()).putIfAbsent(method, handler);
            if (previous != null) {
                throw new IllegalArgumentException(method + " " + path + " is routed twice");
            }
            return this;
        }

        Router build() {
            Map<String, Map<HttpString, HttpHandler>> frozen = new HashMap<>();
            byPath.forEach((path, byMethod) -> frozen.put(path, Map.copyOf(byMethod)));
            return new Router(Map.copyOf(frozen));
        }
    }
}
