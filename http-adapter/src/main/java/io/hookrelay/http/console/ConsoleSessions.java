package io.hookrelay.http.console;

import io.hookrelay.delivery.signing.Hmacs;
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
 * it) and, behind HTTPS, {@code Secure}. It says when it expires and, for a session of a tenant's admin key, the hash of
 * the key's token, never the token; signing out clears it from the browser.
 */
final class ConsoleSessions {
    static final String COOKIE = "hookrelay_session";
    /** Names a browser that signed in before, so that others' failed sign-ins from its address do not make it wait. */
    static final String DEVICE_COOKIE = "hookrelay_device";
    /** The longest a browser keeps a cookie (RFC 6265bis caps it at 400 days). */
    private static final Duration DEVICE_LIFETIME = Duration.ofDays(400);
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

    /** @param keyTokenHash the hash of the tenant key's token the session acts as; none for the operator */
    ConsoleSession begin(Optional<String> keyTokenHash) {
        return session(newId(), clock.instant().plus(lifetime).getEpochSecond(), keyTokenHash);
    }

    private String newId() {
        byte[] id = new byte[16];
        random.nextBytes(id);
        return BASE64.encodeToString(id);
    }

    /** The session the request's cookie holds, if it is one this server signed and it has not expired. */
    Optional<ConsoleSession> of(HttpServerExchange exchange) {
        Optional<String> value = signedCookie(exchange, COOKIE);
        if (value.isEmpty()) {
            return Optional.empty();
        }
        // expires.id.signature for the operator, expires.id.keyTokenHash.signature for a tenant's admin key
        String[] parts = value.get().split("\\.", -1);
        if ((parts.length != 3 && parts.length != 4) || !parts[0].matches("[0-9]{1,12}")) {
            return Optional.empty();
        }
        long expires = Long.parseLong(parts[0]);
        String signed = value.get().substring(0, value.get().lastIndexOf('.'));
        if (!signatureMatches("session." + signed, parts[parts.length - 1]) || !Instant.ofEpochSecond(expires).isAfter(clock.instant())) {
            return Optional.empty();
        }
        return Optional.of(session(parts[1], expires, parts.length == 4 ? Optional.of(parts[2]) : Optional.empty()));
    }

    private static Optional<String> signedCookie(HttpServerExchange exchange, String name) {
        try {
            return Optional.ofNullable(exchange.getRequestCookie(name)).map(Cookie::getValue);
        } catch (IllegalStateException | IllegalArgumentException unreadable) {
            // More cookies than Undertow parses, or a header it cannot: nothing can be read from them.
            return Optional.empty();
        }
    }

    /** The device the request's device cookie names, if this server signed it: a browser that signed in here before. */
    Optional<String> deviceOf(HttpServerExchange exchange) {
        return signedCookie(exchange, DEVICE_COOKIE).flatMap(value -> {
            String[] parts = value.split("\\.", -1);
            return parts.length == 2 && signatureMatches("device." + parts[0], parts[1]) ? Optional.of(parts[0]) : Optional.empty();
        });
    }

    /** The cookie that names this browser from now on: the device it was already, or a new one. */
    Cookie deviceCookie(Optional<String> device) {
        String id = device.orElseGet(this::newId);
        return cookie(DEVICE_COOKIE, id + "." + sign("device." + id), (int) DEVICE_LIFETIME.toSeconds());
    }

    /** Whether {@code presented} is the session's CSRF token, in time independent of where they differ. */
    static boolean csrfMatches(ConsoleSession session, String presented) {
        return presented != null && Hmacs.matches(session.csrfToken().getBytes(StandardCharsets.US_ASCII),
                presented.getBytes(StandardCharsets.US_ASCII));
    }

    Cookie cookieFor(ConsoleSession session) {
        long expires = session.expiresAt().getEpochSecond();
        String signed = expires + "." + session.id() + session.keyTokenHash().map(hash -> "." + hash).orElse("");
        String value = signed + "." + sign("session." + signed);
        return cookie(COOKIE, value, (int) Duration.between(clock.instant(), session.expiresAt()).toSeconds());
    }

    /** A cookie that makes the browser forget the session. */
    Cookie cleared() {
        return cookie(COOKIE, "", 0);
    }

    private Cookie cookie(String name, String value, int maxAgeSeconds) {
        return new CookieImpl(name, value).setPath("/").setHttpOnly(true).setSameSiteMode("Strict")
                .setSecure(secureCookies).setMaxAge(maxAgeSeconds);
    }

    private ConsoleSession session(String id, long expiresEpochSecond, Optional<String> keyTokenHash) {
        return new ConsoleSession(id, Instant.ofEpochSecond(expiresEpochSecond), keyTokenHash, sign("csrf." + id));
    }

    private boolean signatureMatches(String text, String presented) {
        return Hmacs.matches(sign(text).getBytes(StandardCharsets.US_ASCII), presented.getBytes(StandardCharsets.US_ASCII));
    }

    private String sign(String text) {
        return BASE64.encodeToString(Hmacs.sha256(key, text.getBytes(StandardCharsets.UTF_8)));
    }
}
