package io.hookrelay.http;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.PathTemplateMatch;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Times every request as {@code http_server_requests_seconds{method,endpoint,status}}. Labels are kept
 * to bounded sets: the endpoint is the route's path template as {@link Routes} matched it (never the request's
 * own path, which a client chooses), and an unusual method counts as {@code other}.
 */
final class RequestMetrics implements HttpHandler {
    private static final String UNMATCHED = "unmatched";
    private static final Set<String> METHODS = Set.of("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS");

    private final MeterRegistry registry;
    private final HttpHandler next;

    RequestMetrics(MeterRegistry registry, HttpHandler next) {
        this.registry = Objects.requireNonNull(registry, "registry");
        this.next = Objects.requireNonNull(next, "next");
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) throws Exception {
        long started = System.nanoTime();
        exchange.addExchangeCompleteListener((done, nextListener) -> {
            try {
                PathTemplateMatch route = done.getAttachment(PathTemplateMatch.ATTACHMENT_KEY);
                Timer.builder("http.server.requests")
                        .description("HTTP requests answered, by endpoint and status")
                        .tag("method", methodLabel(done.getRequestMethod().toString()))
                        .tag("endpoint", route == null ? UNMATCHED : route.getMatchedTemplate())
                        .tag("status", Integer.toString(done.getStatusCode()))
                        .register(registry)
                        .record(System.nanoTime() - started, TimeUnit.NANOSECONDS);
            } finally {
                nextListener.proceed();
            }
        });
        next.handleRequest(exchange);
    }

    private static String methodLabel(String method) {
        String upper = method.toUpperCase(Locale.ROOT);
        return METHODS.contains(upper) ? upper : "other";
    }
}
