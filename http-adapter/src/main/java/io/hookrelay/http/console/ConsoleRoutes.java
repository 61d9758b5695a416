package io.hookrelay.http.console;

import io.hookrelay.delivery.error.TenantSuspendedException;
import io.hookrelay.delivery.tenant.KeyGrant;
import io.hookrelay.delivery.tenant.KeyScope;
import io.hookrelay.delivery.tenant.KeyTokens;
import io.hookrelay.delivery.usecase.SignInWithKeys;
import io.hookrelay.http.ApiRequest;
import io.hookrelay.http.ForbiddenException;
import io.hookrelay.http.RequestBodies;
import io.hookrelay.http.Routes;
import io.hookrelay.http.UnauthorizedException;
import io.undertow.server.HttpHandler;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;
import io.undertow.util.Methods;
import io.undertow.util.StatusCodes;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The operator console under {@code /console} (DESIGN §10): a sign-in form, the page the console runs in, and its
 * script and style. The page holds no data: its script reads and changes everything through the management API,
 * signed in by the session cookie ({@link ApiAuthentication}), so the console has no rules of its own to keep
 * in step with the API's. A tenant's admin key signs in as the admin token does, and its console acts as the key
 * would in the API: in its tenant only, with no tenant switcher and none of the operator's pages (DESIGN §12).
 */
public final class ConsoleRoutes {
    static final String PAGE = "/console";
    static final String SIGN_IN = "/console/login";
    static final String SIGN_OUT = "/console/logout";
    /** Marks the page of a console a tenant's admin key signed in to with the key's tenant; empty for the operator's. */
    private static final String TENANT = "tenant";
    /** A sign-in form holds one token; more than this is not one. */
    private static final int MAX_FORM_BYTES = 4 * 1024;

    private final AdminToken token;
    private final SignInWithKeys keys;
    private final ConsoleSessions sessions;
    private final SignInThrottle throttle;
    private final ConsoleAssets assets = ConsoleAssets.load();

    private ConsoleRoutes(AdminToken token, SignInWithKeys keys, ConsoleSessions sessions, SignInThrottle throttle) {
        this.token = Objects.requireNonNull(token, "token");
        this.keys = Objects.requireNonNull(keys, "keys");
        this.sessions = Objects.requireNonNull(sessions, "sessions");
        this.throttle = Objects.requireNonNull(throttle, "throttle");
    }

    /**
     * The console signed into with {@code token}, its sessions timed by {@code clock} and, when the server sits behind
     * HTTPS ({@code behindHttps}), their cookie sent over HTTPS only; the API opened by {@code token} or a tenant's key.
     */
    public static ConsoleRoutes of(AdminToken token, SignInWithKeys keys, Clock clock, boolean behindHttps) {
        return new ConsoleRoutes(token, keys, new ConsoleSessions(token, clock, ConsoleSessions.DEFAULT_LIFETIME, behindHttps),
                new SignInThrottle(clock));
    }

    /** The same console with its sessions timed by {@code clock}, their cookie sent over HTTPS only when {@code behindHttps}. */
    public ConsoleRoutes timedBy(Clock clock, boolean behindHttps) {
        return of(token, keys, clock, behindHttps);
    }

    public void addTo(Routes routes, RequestBodies bodies) {
        routes.add(Methods.GET, PAGE, this::page);
        routes.add(Methods.GET, SIGN_IN, this::signInForm);
        routes.add(Methods.POST, SIGN_IN, bodies.upTo(MAX_FORM_BYTES, this::signIn));
        routes.add(Methods.POST, SIGN_OUT, bodies.upTo(MAX_FORM_BYTES, this::signOut));
        routes.add(Methods.GET, "/console/assets/{name}",
                exchange -> assets.send(exchange, new ApiRequest(exchange).pathParameter("name")));
    }

    /**
     * {@code next} behind the check that lets a request under {@code /api/v1} through with the admin token, a tenant key
     * or a session.
     */
    public HttpHandler authenticating(HttpHandler next) {
        return new ApiAuthentication(token, keys, sessions, next);
    }

    private void page(HttpServerExchange exchange) {
        Optional<ConsoleSession> session = sessions.of(exchange);
        if (session.isEmpty()) {
            redirect(exchange, SIGN_IN);
            return;
        }
        String tenant = "";
        if (session.get().keyTokenHash().isPresent()) {
            Optional<KeyGrant> grant;
            try {
                grant = keys.signInHashed(session.get().keyTokenHash().get());
            } catch (TenantSuspendedException e) {
                redirect(exchange, SIGN_IN + "?suspended");
                return;
            }
            if (grant.isEmpty()) {
                redirect(exchange, SIGN_IN + "?expired");
                return;
            }
            tenant = grant.get().tenant().value();
        }
        assets.sendPage(exchange, "console.html", Map.of("csrf", session.get().csrfToken(), TENANT, tenant));
    }

    private void signInForm(HttpServerExchange exchange) {
        String notice = "";
        if (exchange.getQueryParameters().containsKey("failed")) {
            notice = "That is neither the admin token nor a tenant key in force.";
        } else if (exchange.getQueryParameters().containsKey("read")) {
            notice = "A key of scope read cannot sign in to the console; use an admin key of the tenant.";
        } else if (exchange.getQueryParameters().containsKey("suspended")) {
            notice = "That key's tenant is suspended.";
        } else if (exchange.getQueryParameters().containsKey("wait")) {
            notice = "Too many failed sign-ins: wait a little, then try again.";
        } else if (exchange.getQueryParameters().containsKey("expired")) {
            notice = "Your session has ended; sign in again.";
        }
        assets.sendPage(exchange, "login.html", Map.of("notice", notice));
    }

    /**
     * Signs in with the admin token or a tenant's admin key, either slowed by {@link SignInThrottle}: a browser that
     * signed in here before shows its device cookie and is throttled as itself, so failures by others from its address
     * (every client behind one proxy shares it) never make the operator wait; any other is throttled by its address.
     */
    private void signIn(HttpServerExchange exchange) {
        Optional<String> device = sessions.deviceOf(exchange);
        String throttledAs = device.map(id -> "device " + id).orElseGet(() -> exchange.getSourceAddress().getAddress().getHostAddress());
        Optional<Duration> wait = throttle.attempt(throttledAs);
        if (wait.isPresent()) {
            exchange.getResponseHeaders().put(Headers.RETRY_AFTER, Long.toString(Math.max(1, wait.get().toSeconds())));
            redirect(exchange, SIGN_IN + "?wait");
            return;
        }
        String token = form(exchange).getOrDefault("token", "");
        Optional<String> keyTokenHash = Optional.empty();
        if (token.startsWith(KeyTokens.PREFIX)) {
            Optional<String> refused = keyRefusal(token);
            if (refused.isPresent()) {
                redirect(exchange, SIGN_IN + "?" + refused.get());
                return;
            }
            keyTokenHash = Optional.of(KeyTokens.hash(token));
        } else if (!sessions.tokenMatches(token)) {
            redirect(exchange, SIGN_IN + "?failed");
            return;
        }
        throttle.succeeded(throttledAs);
        exchange.setResponseCookie(sessions.cookieFor(sessions.begin(keyTokenHash)));
        exchange.setResponseCookie(sessions.deviceCookie(device));
        redirect(exchange, PAGE);
    }

    /**
     * Why a tenant key may not sign in to the console, if it may not, as the sign-in form's query: a key of scope
     * {@code read} may not at all, since every view of the console changes things too and a key that may read only would
     * meet a refusal at every other click; a read-only view of a tenant is the API's, or its portal's (DESIGN §13).
     */
    private Optional<String> keyRefusal(String token) {
        Optional<KeyGrant> grant;
        try {
            grant = keys.signIn(token);
        } catch (TenantSuspendedException e) {
            return Optional.of("suspended");
        }
        if (grant.isEmpty()) {
            return Optional.of("failed");
        }
        return grant.get().scope() == KeyScope.ADMIN ? Optional.empty() : Optional.of("read");
    }

    private void signOut(HttpServerExchange exchange) {
        ConsoleSession session = sessions.of(exchange)
                .orElseThrow(() -> new UnauthorizedException("sign in to the console first"));
        if (!ConsoleSessions.csrfMatches(session, form(exchange).get("csrf"))) {
            throw new ForbiddenException("the console's CSRF token is missing or wrong");
        }
        exchange.setResponseCookie(sessions.cleared());
        redirect(exchange, SIGN_IN);
    }

    private static Map<String, String> form(HttpServerExchange exchange) {
        ApiRequest request = new ApiRequest(exchange);
        ConsoleForm.requireFormType(request.contentType());
        return ConsoleForm.fields(request.body());
    }

    private static void redirect(HttpServerExchange exchange, String location) {
        ConsoleAssets.secure(exchange);
        exchange.setStatusCode(StatusCodes.SEE_OTHER);
        exchange.getResponseHeaders().put(Headers.LOCATION, location);
        exchange.endExchange();
    }
}
