package io.hookrelay.http;

import io.undertow.server.HttpHandler;

/**
 * What an {@link HttpServer} serves besides health, readiness and metrics: routes, and what every request passes
 * before it is routed. The relay's are {@code io.hookrelay.http.api.ApiRoutes}.
 */
public interface Endpoints {

    /** Adds the routes; one that reads a request's body reads it through {@code bodies}. */
    void addTo(Routes routes, RequestBodies bodies);

    /** {@code routes} behind what every request must pass first, such as authentication. */
    HttpHandler inFrontOf(HttpHandler routes);
}
