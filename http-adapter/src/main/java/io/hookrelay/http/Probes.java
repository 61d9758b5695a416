package io.hookrelay.http;

import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;
import io.undertow.util.Methods;
import io.undertow.util.StatusCodes;
import java.util.Map;
import java.util.Objects;

/** The operational endpoints, which need no token: {@code /healthz}, {@code /readyz} and {@code /metrics}. */
final class Probes {
    static final String METRICS_CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

    private final ReadinessCheck readiness;
    private final PrometheusMeterRegistry registry;

    Probes(ReadinessCheck readiness, PrometheusMeterRegistry registry) {
        this.readiness = Objects.requireNonNull(readiness, "readiness");
        this.registry = Objects.requireNonNull(registry, "registry");
    }

    void addTo(Routes routes) {
        routes.add(Methods.GET, "/healthz", Probes::healthz);
        routes.add(Methods.GET, "/readyz", this::readyz);
        routes.add(Methods.GET, "/metrics", this::metrics);
    }

    /** Answering at all is the proof that the process is up; it checks nothing else. */
    static void healthz(HttpServerExchange exchange) {
        JsonResponses.send(exchange, StatusCodes.OK, Map.of("status", "ok"));
    }

    /** 200 while the process can take and do work, 503 with the reason while it cannot. */
    private void readyz(HttpServerExchange exchange) {
        Readiness now = readiness.check();
        if (now.ready()) {
            JsonResponses.send(exchange, StatusCodes.OK, Map.of("status", "ready"));
        } else {
            notReady(exchange, now.reason());
        }
    }

    /** What {@code /readyz} answers while the process cannot take work, saying why. */
    static void notReady(HttpServerExchange exchange, String reason) {
        JsonResponses.error(exchange, StatusCodes.SERVICE_UNAVAILABLE, "not_ready", reason);
    }

    /**
     * The registry in the Prometheus text format 0.0.4 (what {@code scrape()} renders), which every
     * Prometheus-compatible scraper reads. The page is rendered in full before anything is sent, so a gauge failing
     * mid-scrape still gets a proper error answer rather than a truncated page.
     */
    private void metrics(HttpServerExchange exchange) {
        String page = registry.scrape();
        exchange.setStatusCode(StatusCodes.OK);
        exchange.getResponseHeaders().put(Headers.CONTENT_TYPE, METRICS_CONTENT_TYPE);
        exchange.getResponseSender().send(page);
    }
}
