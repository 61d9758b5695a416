package io.hookrelay.http;

import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.HeaderValues;
import io.undertow.util.Headers;
import java.util.Objects;

/**
 * Lets a request under {@code /api/v1} through only with the admin token. It runs before routing and before
 * any body is read, so without the token nothing is learnt (not even which paths exist) and nothing is
 * parsed; other paths ({@code /hooks/*}, health, metrics) pass untouched.
 */
final class AdminAuthentication implements HttpHandler {
    static final String PROTECTED_PREFIX = "/api/v1";
    private static final String BEARER = "Bearer ";

    private final AdminToken token;
    private final HttpHandler next;

    AdminAuthentication(AdminToken token, HttpHandler next) {
        this.token = Objects.requireNonNull(token, "token");
        this.next = Objects.requireNonNull(next, "next");
    }

    @Override
    public void handleRequest(HttpServerExchange exchange) throws Exception {
        String path = exchange.getRelativePath();
        if (path.equals(PROTECTED_PREFIX) || path.startsWith(PROTECTED_PREFIX + "/")) {
            authenticate(exchange);
        }
        next.handleRequest(exchange);
    }

    private void authenticate(HttpServerExchange exchange) {
        HeaderValues authorization = exchange.getRequestHeaders().get(Headers.AUTHORIZATION);
        if (authorization == null || authorization.isEmpty()) {
            throw new UnauthorizedException("send the admin token as Authorization: Bearer <token>");
        }
        String value = authorization.size() == 1 ? authorization.getFirst() : "";
        // The scheme name is case-insensitive (RFC 9110 §11.1); the token is not.
        if (!value.regionMatches(true, 0, BEARER, 0, BEARER.length())
                || !token.matches(value.substring(BEARER.length()).strip())) {
            throw new UnauthorizedException("the admin token is wrong");
        }
    }
}
