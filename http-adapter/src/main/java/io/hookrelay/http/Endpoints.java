package io.hookrelay.http;

import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;

/**
 * What an {@link HttpServer} serves besides health, readiness and metrics: routes, and what every request passes
 * before it is routed. The relay's are {@code io.hookrelay.http.api.ApiRoutes}.
 */
public interface Endpoints {

    /** Adds the routes; one that reads a request's body reads it through {@code bodies}. */
    void addTo(Routes routes, RequestBodies bodies);

    /** {@code routes} behind what every request must pass first, such as authentication. */
    HttpHandler inFrontOf(HttpHandler routes);

    /**
     * Whether {@code exchange}, by its head, is handled on the connection's I/O thread rather than handed to a request
     * thread: only for an endpoint that never blocks, where the hand-over would cost more than the work.
     */
    default boolean handledOnIoThread(HttpServerExchange exchange) {
        return false;
    }
}
