package io.hookrelay.delivery.tenant;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Objects;

/**
 * The bearer tokens of tenant keys: {@code hrk_} (so a leaked one is recognisable, by people and secret scanners) and the
 * base64url of 32 random bytes. Only a token's SHA-256 is stored: with that much randomness a fast hash is enough, and
 * no stored row can be used to sign in.
 */
public final class KeyTokens {
    public static final String PREFIX = "hrk_";
    private static final int RANDOM_BYTES = 32;

    private final SecureRandom random;

    public KeyTokens(SecureRandom random) {
        this.random = Objects.requireNonNull(random, "random");
    }

    /** A new token, to be shown once. */
    public String generate() {
        byte[] bytes = new byte[RANDOM_BYTES];
        random.nextBytes(bytes);
        return PREFIX + Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    /** What a store keeps of {@code token}: its SHA-256, in hex. */
    public static String hash(String token) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
