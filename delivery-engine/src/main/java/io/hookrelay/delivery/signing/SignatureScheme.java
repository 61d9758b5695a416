package io.hookrelay.delivery.signing;

import java.util.Arrays;
import java.util.Optional;

/**
 * How a target's deliveries are signed, as Standard Webhooks names its versions: {@code v1} is HMAC-SHA256 with a
 * shared {@code whsec_} secret; {@code v1a} is ed25519 with a {@code whsk_} secret key, whose public key
 * ({@code whpk_}) the receiver verifies with and cannot sign with. A secret's prefix says which it is for.
 */
public enum SignatureScheme {
    V1("v1", "whsec_"),
    V1A("v1a", "whsk_");

    private final String wireName;
    private final String secretPrefix;

    SignatureScheme(String wireName, String secretPrefix) {
        this.wireName = wireName;
        this.secretPrefix = secretPrefix;
    }

    public String wireName() {
        return wireName;
    }

    public String secretPrefix() {
        return secretPrefix;
    }

    public static Optional<SignatureScheme> fromWireName(String wireName) {
        return Arrays.stream(values()).filter(scheme -> scheme.wireName.equals(wireName)).findFirst();
    }

    /** @throws IllegalArgumentException when the secret has neither prefix, which a target's secret always has */
    public static SignatureScheme of(String secret) {
        return Arrays.stream(values()).filter(scheme -> secret.startsWith(scheme.secretPrefix)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("a signing secret starts with whsec_ or whsk_"));
    }
}
