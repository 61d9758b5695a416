package io.hookrelay.http;

import io.hookrelay.delivery.Hmacs;
import io.undertow.server.HttpServerExchange;
import io.undertow.server.handlers.Cookie;
import io.undertow.server.handlers.CookieImpl;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Objects;
import java.util.Optional;

/**
 * Console sign-ins, kept in a cookie signed with a key derived from the admin token rather than in memory: every
 * node started with the token honours a session any of them began, a restart keeps it, and a new token ends all of
 * them. The cookie is {@code HttpOnly} (no script reads it), {@code SameSite=Strict} (no other site's page sends
 * it) and, behind HTTPS, {@code Secure}. It says when it expires; signing out clears it from the browser.
 */
final class ConsoleSessions {
    static final String COOKIE = "hookrelay_session";
    static final Duration DEFAULT_LIFETIME = Duration.ofHours(8);
    private static final Base64.Encoder BASE64 = Base64.getUrlEncoder().withoutPadding();

    private final AdminToken token;
    private final byte[] key;
    private final Clock clock;
    private final Duration lifetime;
    private final boolean secureCookies;
    private final SecureRandom random = new SecureRandom();

    /** @param secureCookies whether the server sits behind HTTPS, so browsers may send the cookie over it only */
    ConsoleSessions(AdminToken token, Clock clock, Duration lifetime, boolean secureCookies) {
        this.token = Objects.requireNonNull(token, "token");
        this.key = token.derivedKey("hookrelay console session");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.lifetime = Objects.requireNonNull(lifetime, "lifetime");
        if (lifetime.compareTo(Duration.ofMinutes(1)) < 0) {
            throw new IllegalArgumentException("a console session lasts at least a minute");
        }
        this.secureCookies = secureCookies;
    }

    /** Whether a sign-in presented the admin token, in time independent of where they differ. */
    boolean tokenMatches(String presented) {
        return token.matches(presented);
    }

    ConsoleSession begin() {
        byte[] id = new byte[16];
        random.nextBytes(id);
        return session(BASE64.encodeToString(id), clock.instant().plus(lifetime).getEpochSecond());
    }

    /** The session the request's cookie holds, if it is one this server signed and it has not expired. */
    Optional<ConsoleSession> of(HttpServerExchange exchange) {
        Cookie cookie;
        try {
            cookie = exchange.getRequestCookie(COOKIE);
        } catch (IllegalStateException | IllegalArgumentException unreadable) {
            // More cookies than Undertow parses, or a header it cannot: no session can be read from them.
            return Optional.empty();
        }
        if (cookie == null) {
            return Optional.empty();
        }
        String[] parts = cookie.getValue().split("\\.", -1);
        if (parts.length != 3 || !parts[0].matches("[0-9]{1,12}")) {
            return Optional.empty();
        }
        long expires = Long.parseLong(parts[0]);
        boolean signed = Hmacs.matches(sign("session." + parts[0] + "." + parts[1]).getBytes(StandardCharsets.US_ASCII),
                parts[2].getBytes(StandardCharsets.US_ASCII));
        if (!signed || !Instant.ofEpochSecond(expires).isAfter(clock.instant())) {
            return Optional.empty();
        }
        return Optional.of(session(parts[1], expires));
    }

    /** Whether {@code presented} is the session's CSRF token, in time independent of where they differ. */
    static boolean csrfMatches(ConsoleSession session, String presented) {
        return presented != null && Hmacs.matches(session.csrfToken().getBytes(StandardCharsets.US_ASCII),
                presented.getBytes(StandardCharsets.US_ASCII));
    }

    Cookie cookieFor(ConsoleSession session) {
        long expires = session.expiresAt().getEpochSecond();
        String value = expires + "." + session.id() + "." + sign("session." + expires + "." + session.id());
        return cookie(value, (int) Duration.between(clock.instant(), session.expiresAt()).toSeconds());
    }

    /** A cookie that makes the browser forget the session. */
    Cookie cleared() {
        return cookie("", 0);
    }

    private Cookie cookie(String value, int maxAgeSeconds) {
        return new CookieImpl(COOKIE, value).setPath("/").setHttpOnly(true).setSameSiteMode("Strict")
                .setSecure(secureCookies).setMaxAge(maxAgeSeconds);
    }

    private ConsoleSession session(String id, long expiresEpochSecond) {
        return new ConsoleSession(id, Instant.ofEpochSecond(expiresEpochSecond), sign("csrf." + id));
    }

    private String sign(String text) {
        return BASE64.encodeToString(Hmacs.sha256(key, text.getBytes(StandardCharsets.UTF_8)));
    }
}
