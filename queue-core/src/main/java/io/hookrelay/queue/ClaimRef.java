package io.hookrelay.queue;

import java.util.Objects;

/**
 * The fence a worker holds: an intent id and the token its claim was given. A write carrying a token
 * that is no longer the intent's current one changes nothing.
 */
public record ClaimRef(String intentId, String token) {
    public ClaimRef {
        Objects.requireNonNull(intentId, "intentId");
        Objects.requireNonNull(token, "token");
        if (token.isEmpty()) {
            throw new IllegalArgumentException("a claim token is never empty");
        }
    }
}
