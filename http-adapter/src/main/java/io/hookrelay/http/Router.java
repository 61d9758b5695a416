package io.hookrelay.http;

import io.hookrelay.delivery.NotFoundException;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.AttachmentKey;
import io.undertow.util.HttpString;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Sends each request to the handler for its path template and method. A known path asked with another
 * method is refused with the methods it does take ({@code 405} and {@code Allow}), so a client learns what
 * the endpoint does; an unknown path is {@code 404}. Both are thrown, so {@link ErrorBoundary} answers them
 * in the API's error shape like any other refusal.
 */
final class Router implements HttpHandler {
    /** The values of the matched template's placeholders. */
    static final AttachmentKey<PathParameters> PATH_PARAMETERS = AttachmentKey.create(PathParameters.class);

    private final List<Route> routes;

    private record Route(PathTemplate template, Map<HttpString, HttpHandler> byMethod) {
    }

    private Router(List<Route> routes) {
        this.routes = routes;
    }

    static Builder builder() {
        return new Builder();
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) throws Exception {
        String path = exchange.getRelativePath();
        for (Route route : routes) {
            Optional<Map<String, String>> parameters = route.template().match(path);
            if (parameters.isPresent()) {
                exchange.putAttachment(RequestMetrics.ENDPOINT, route.template().text());
                exchange.putAttachment(PATH_PARAMETERS, new PathParameters(parameters.get()));
                dispatch(route, exchange);
                return;
            }
        }
        throw new NotFoundException("not_found", "no such endpoint");
    }

    private static void dispatch(Route route, HttpServerExchange exchange) throws Exception {
        HttpHandler handler = route.byMethod().get(exchange.getRequestMethod());
        if (handler == null) {
            throw new MethodNotAllowedException(
                    route.byMethod().keySet().stream().map(HttpString::toString).sorted().collect(Collectors.joining(", ")));
        }
        handler.handleRequest(exchange);
    }

    static final class Builder {
        private final Map<String, PathTemplate> templatesByShape = new HashMap<>();
        private final Map<PathTemplate, Map<HttpString, HttpHandler>> handlers = new LinkedHashMap<>();

        Builder route(HttpString method, String template, HttpHandler handler) {
            PathTemplate parsed = PathTemplate.parse(template);
            PathTemplate known = templatesByShape.putIfAbsent(parsed.shape(), parsed);
            if (known != null && !known.equals(parsed)) {
                throw new IllegalArgumentException(template + " matches the same paths as " + known.text());
            }
            PathTemplate key = known == null ? parsed : known;
            if (handlers.computeIfAbsent(key, unused -> new LinkedHashMap<>()).putIfAbsent(method, handler) != null) {
                throw new IllegalArgumentException(method + " " + template + " is routed twice");
            }
            return this;
        }

        Router build() {
            List<Route> routes = new ArrayList<>();
            handlers.forEach((template, byMethod) -> routes.add(new Route(template, Map.copyOf(byMethod))));
            routes.sort((a, b) -> PathTemplate.MOST_SPECIFIC_FIRST.compare(a.template(), b.template()));
            return new Router(List.copyOf(routes));
        }
    }
}
