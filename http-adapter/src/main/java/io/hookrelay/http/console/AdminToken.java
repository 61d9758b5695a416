package io.hookrelay.http.console;

import io.hookrelay.delivery.signing.Hmacs;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Objects;

/**
 * The secret every {@code /api/v1/*} request must present as {@code Authorization: Bearer <token>}.
 *
 * <p>Only its SHA-256 digest is kept, and a presented token is checked by comparing digests with
 * {@link MessageDigest#isEqual}: both digests are always 32 bytes, so the time a check takes says nothing
 * about how many leading characters, or how many characters at all, a guess got right.
 */
public final class AdminToken {
    private final byte[] digest;

    /** @param token printable ASCII without spaces, as it must travel in a header */
    public AdminToken(String token) {
        Objects.requireNonNull(token, "token");
        if (token.isEmpty() || !token.chars().allMatch(c -> c > 0x20 && c < 0x7f)) {
            throw new IllegalArgumentException("the admin token must be non-empty printable ASCII without spaces");
        }
        this.digest = sha256(token);
    }

    /** Whether {@code presented} is this token, in time independent of where or whether they differ. */
    public boolean matches(String presented) {
        return presented != null && MessageDigest.isEqual(digest, sha256(presented));
    }

    /**
     * A key for {@code purpose} that only a holder of this token can make: every node started with the same token
     * makes the same one, so what it signs (a console session) is honoured by all of them, and a new token voids it.
     */
    byte[] derivedKey(String purpose) {
        return Hmacs.sha256(digest, purpose.getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public String toString() {
        return "AdminToken[(hidden)]";
    }

    private static byte[] sha256(String text) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform provides SHA-256", e);
        }
    }
}
