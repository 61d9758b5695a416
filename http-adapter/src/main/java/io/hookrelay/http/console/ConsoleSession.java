package io.hookrelay.http.console;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * A signed-in console: until when, as whom, and the CSRF token its pages send with every change. The token is derived
 * from the session, so it needs no storage and changes with every sign-in.
 *
 * @param keyTokenHash for a console a tenant's admin key signed in to, the hash of its token
 *                     ({@link io.hookrelay.delivery.tenant.KeyTokens#hash}), never the token: the key is looked up by it
 *                     on every request; none for the operator's
 */
record ConsoleSession(String id, Instant expiresAt, Optional<String> keyTokenHash, String csrfToken) {
    ConsoleSession {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(expiresAt, "expiresAt");
        Objects.requireNonNull(keyTokenHash, "keyTokenHash");
        Objects.requireNonNull(csrfToken, "csrfToken");
    }
}
