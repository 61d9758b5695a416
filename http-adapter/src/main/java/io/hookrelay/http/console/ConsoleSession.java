package io.hookrelay.http.console;

import java.time.Instant;
import java.util.Objects;

/**
 * A signed-in console: until when, and the CSRF token its pages send with every change. The token is derived
 * from the session, so it needs no storage and changes with every sign-in.
 */
record ConsoleSession(String id, Instant expiresAt, String csrfToken) {
    ConsoleSession {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(expiresAt, "expiresAt");
        Objects.requireNonNull(csrfToken, "csrfToken");
    }
}
