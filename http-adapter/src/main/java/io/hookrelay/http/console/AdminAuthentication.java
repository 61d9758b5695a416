package io.hookrelay.http.console;

import io.hookrelay.http.ForbiddenException;
import io.hookrelay.http.UnauthorizedException;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.HeaderValues;
import io.undertow.util.Headers;
import io.undertow.util.Methods;
import java.util.Objects;

/**
 * Lets a request under {@code /api/v1} through only with the admin token, or from the console: with its session
 * cookie and, for a change, the session's CSRF token in {@value #CSRF_HEADER}. A page of another site can make a
 * browser send the cookie (were it not {@code SameSite=Strict}) but cannot set that header, nor read the token.
 * It runs before routing and before any body is read, so without the token nothing is learnt (not even which
 * paths exist) and nothing is parsed; other paths ({@code /hooks/*}, health, metrics) pass untouched.
 */
final class AdminAuthentication implements HttpHandler {
    static final String PROTECTED_PREFIX = "/api/v1";
    static final String CSRF_HEADER = "X-CSRF-Token";
    private static final String BEARER = "Bearer ";

    private final AdminToken token;
    private final ConsoleSessions sessions;
    private final HttpHandler next;

    AdminAuthentication(AdminToken token, ConsoleSessions sessions, HttpHandler next) {
        this.token = Objects.requireNonNull(token, "token");
        this.sessions = Objects.requireNonNull(sessions, "sessions");
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
            fromTheConsole(exchange);
            return;
        }
        String value = authorization.size() == 1 ? authorization.getFirst() : "";
        // The scheme name is case-insensitive (RFC 9110 §11.1); the token is not.
        if (!value.regionMatches(true, 0, BEARER, 0, BEARER.length())
                || !token.matches(value.substring(BEARER.length()).strip())) {
            throw new UnauthorizedException("the admin token is wrong");
        }
    }

    private void fromTheConsole(HttpServerExchange exchange) {
        ConsoleSession session = sessions.of(exchange).orElseThrow(() -> new UnauthorizedException(
                "send the admin token as Authorization: Bearer <token>, or sign in to the console"));
        boolean reads = exchange.getRequestMethod().equals(Methods.GET) || exchange.getRequestMethod().equals(Methods.HEAD);
        if (!reads && !ConsoleSessions.csrfMatches(session, exchange.getRequestHeaders().getFirst(CSRF_HEADER))) {
            throw new ForbiddenException("a change from the console needs its CSRF token in " + CSRF_HEADER);
        }
    }
}
