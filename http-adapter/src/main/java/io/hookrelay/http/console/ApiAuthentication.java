package io.hookrelay.http.console;

import io.hookrelay.delivery.tenant.KeyGrant;
import io.hookrelay.delivery.tenant.KeyScope;
import io.hookrelay.delivery.tenant.KeyTokens;
import io.hookrelay.delivery.usecase.SignInWithKeys;
import io.hookrelay.http.ApiRequest;
import io.hookrelay.http.ForbiddenException;
import io.hookrelay.http.UnauthorizedException;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.HeaderValues;
import io.undertow.util.Headers;
import io.undertow.util.Methods;
import java.util.List;
import java.util.Objects;

/**
 * Lets a request under {@code /api/v1} through only with the admin token, a tenant key, or from the console: with its
 * session cookie and, for a change, the session's CSRF token in {@value #CSRF_HEADER}. A page of another site can make a
 * browser send the cookie (were it not {@code SameSite=Strict}) but cannot set that header, nor read the token.
 * It runs before routing and before any body is read, so without the token nothing is learnt (not even which
 * paths exist) and nothing is parsed; other paths ({@code /hooks/*}, health, metrics) pass untouched.
 *
 * <p>A tenant key ({@code hrk_…}) acts in its own tenant only: a {@code Hookrelay-Tenant} header naming another is
 * refused, as is any change by a key of scope {@code read}, and any request of the operator's own ({@code /tenants},
 * {@code /admin}), before the request is routed (DESIGN §12). So does a console a tenant's admin key signed in to: its
 * key is signed in again, by the hash its session keeps, on every request, so that the key's revocation or expiry, or
 * its tenant's suspension or deletion, ends the session as soon as it ends the key.
 */
final class ApiAuthentication implements HttpHandler {
    static final String PROTECTED_PREFIX = "/api/v1";
    static final String CSRF_HEADER = "X-CSRF-Token";
    private static final String BEARER = "Bearer ";

    private static final List<String> OPERATOR_ONLY = List.of(PROTECTED_PREFIX + "/tenants", PROTECTED_PREFIX + "/admin");

    private final AdminToken token;
    private final SignInWithKeys keys;
    private final ConsoleSessions sessions;
    private final HttpHandler next;

    ApiAuthentication(AdminToken token, SignInWithKeys keys, ConsoleSessions sessions, HttpHandler next) {
        this.token = Objects.requireNonNull(token, "token");
        this.keys = Objects.requireNonNull(keys, "keys");
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
        if (!value.regionMatches(true, 0, BEARER, 0, BEARER.length())) {
            throw new UnauthorizedException("the admin token is wrong");
        }
        String presented = value.substring(BEARER.length()).strip();
        if (presented.startsWith(KeyTokens.PREFIX)) {
            withKey(exchange, presented);
        } else if (!token.matches(presented)) {
            throw new UnauthorizedException("the admin token is wrong");
        }
    }

    private void withKey(HttpServerExchange exchange, String presented) {
        actAs(exchange, keys.signIn(presented).orElseThrow(() -> new UnauthorizedException("the key is unknown, expired or revoked")));
    }

    private void actAs(HttpServerExchange exchange, KeyGrant grant) {
        String path = exchange.getRelativePath();
        if (OPERATOR_ONLY.stream().anyMatch(prefix -> path.equals(prefix) || path.startsWith(prefix + "/"))) {
            throw new ForbiddenException("only the operator manages tenants and the server");
        }
        String named = exchange.getRequestHeaders().getFirst(ApiRequest.TENANT_HEADER);
        if (named != null && !named.equals(grant.tenant().value())) {
            throw new ForbiddenException("a key acts in its own tenant only");
        }
        if (grant.scope() == KeyScope.READ && !reads(exchange)) {
            throw new ForbiddenException("a key of scope read may only read");
        }
        ApiRequest.signedInWith(exchange, grant);
    }

    private static boolean reads(HttpServerExchange exchange) {
        return exchange.getRequestMethod().equals(Methods.GET) || exchange.getRequestMethod().equals(Methods.HEAD);
    }

    private void fromTheConsole(HttpServerExchange exchange) {
        ConsoleSession session = sessions.of(exchange).orElseThrow(() -> new UnauthorizedException(
                "send the admin token as Authorization: Bearer <token>, or sign in to the console"));
        if (!reads(exchange) && !ConsoleSessions.csrfMatches(session, exchange.getRequestHeaders().getFirst(CSRF_HEADER))) {
            throw new ForbiddenException("a change from the console needs its CSRF token in " + CSRF_HEADER);
        }
        if (session.keyTokenHash().isPresent()) {
            actAs(exchange, keys.signInHashed(session.keyTokenHash().get()).orElseThrow(() -> new UnauthorizedException(
                    "the key this console was signed in with has expired or was revoked; sign in again")));
        }
    }
}
