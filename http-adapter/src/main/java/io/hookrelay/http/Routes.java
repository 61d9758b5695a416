package io.hookrelay.http;

import io.hookrelay.delivery.error.NotFoundException;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.HttpString;
import io.undertow.util.PathTemplateMatch;
import io.undertow.util.PathTemplateMatcher;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Sends each request to the handler for its path template, such as {@code /api/v1/targets/{id}/pause}, and method,
 * matched by Undertow's path templates; the match is attached as a {@link PathTemplateMatch}, whose template labels
 * the request's metrics and whose parameters are the placeholders' values.
 *
 * <p>The template is found by the path alone, a literal segment winning over a placeholder
 * ({@code /deliveries/retry} over {@code /deliveries/{id}}), and only then the handler by the method. So a known path
 * asked with another method is refused with the methods it does take ({@code 405} and {@code Allow}), and not
 * passed to a placeholder of another template, as Undertow's {@code RoutingHandler}, which matches by method first,
 * would do. An unknown path is {@code 404}. Both are thrown, so {@link ErrorBoundary} answers them in the API's error
 * shape like any other refusal.
 */
public final class Routes implements HttpHandler {
    private final PathTemplateMatcher<Map<HttpString, HttpHandler>> templates = new PathTemplateMatcher<>();

    /**
     * @throws IllegalArgumentException when the method and template are routed already
     * @throws IllegalStateException    (Undertow's) when another template, such as {@code /a/{name}} for {@code /a/{id}},
     *                                  matches the same paths
     */
    public Routes add(HttpString method, String template, HttpHandler handler) {
        if (template.contains("%") || template.contains("?")) {
            throw new IllegalArgumentException("a route's template has no '%' or '?': " + template);
        }
        Map<HttpString, HttpHandler> byMethod = templates.get(template);
        if (byMethod == null) {
            byMethod = new HashMap<>();
            templates.add(template, byMethod);
        }
        if (byMethod.putIfAbsent(method, handler) != null) {
            throw new IllegalArgumentException(method + " " + template + " is routed twice");
        }
        return this;
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) throws Exception {
        String path = exchange.getRelativePath();
        PathTemplateMatcher.PathMatchResult<Map<HttpString, HttpHandler>> match =
                hasEmptySegment(path) ? null : templates.match(escaped(path));
        if (match == null) {
            throw new NotFoundException("not_found", "no such endpoint");
        }
        exchange.putAttachment(PathTemplateMatch.ATTACHMENT_KEY, new PathTemplateMatch(match.getMatchedTemplate(), unescaped(match)));
        HttpHandler handler = match.getValue().get(exchange.getRequestMethod());
        if (handler == null) {
            throw new MethodNotAllowedException(
                    match.getValue().keySet().stream().map(HttpString::toString).sorted().collect(Collectors.joining(", ")));
        }
        handler.handleRequest(exchange);
    }

    /** Undertow's templates let a placeholder take an empty segment and ignore a trailing slash; no route has either. */
    private static boolean hasEmptySegment(String path) {
        return !path.startsWith("/") || path.endsWith("/") || path.contains("//");
    }

    /**
     * Undertow's templates take a {@code '?'} as the end of the path, but in a request's path it can only be a client's
     * percent-encoded one, part of its segment: the path is matched with {@code '%'} and {@code '?'} escaped, which no
     * literal segment of a route holds, and the placeholders' values are {@link #unescaped}.
     */
    private static String escaped(String path) {
        return path.replace("%", "%25").replace("?", "%3F");
    }

    private static Map<String, String> unescaped(PathTemplateMatch match) {
        Map<String, String> values = new LinkedHashMap<>();
        match.getParameters().forEach((name, value) -> values.put(name, value.replace("%3F", "?").replace("%25", "%")));
        return values;
    }
}
