package io.hookrelay.http;

import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;
import io.undertow.util.StatusCodes;
import java.util.Objects;

/**
 * {@code GET /metrics}: the registry in the Prometheus text format 0.0.4 (what {@code scrape()} renders),
 * which every Prometheus-compatible scraper reads. The page is rendered in full before anything is sent,
 * so a gauge failing mid-scrape still gets a proper error answer rather than a truncated page.
 */
final class MetricsHandler implements HttpHandler {
    static final String CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

    private final PrometheusMeterRegistry registry;

    MetricsHandler(PrometheusMeterRegistry registry) {
        this.registry = Objects.requireNonNull(registry, "registry");
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) {
        String page = registry.scrape();
        exchange.setStatusCode(StatusCodes.OK);
        exchange.getResponseHeaders().put(Headers.CONTENT_TYPE, CONTENT_TYPE);
        exchange.getResponseSender().send(page);
    }
}
