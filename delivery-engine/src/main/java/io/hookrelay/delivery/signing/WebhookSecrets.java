package io.hookrelay.delivery.signing;

import io.hookrelay.delivery.error.InvalidRequestException;
import java.security.SecureRandom;
import java.util.Base64;

/**
 * Standard Webhooks secrets: a prefix, then the base64 of the key bytes. {@code whsec_} is a shared HMAC key;
 * {@code whsk_} an ed25519 private key (its 32-byte seed). The prefix makes a secret recognisable (and
 * greppable by secret scanners) wherever it gets pasted.
 */
public final class WebhookSecrets {
    public static final String PREFIX = SignatureScheme.V1.secretPrefix();
    private static final int GENERATED_BYTES = 32;
    private static final int MIN_BYTES = 24;
    private static final int MAX_BYTES = 64;
    private static final int ED25519_SEED_BYTES = 32;

    private WebhookSecrets() {
    }

    public static String generate(SecureRandom random, SignatureScheme scheme) {
        byte[] key = new byte[scheme == SignatureScheme.V1 ? GENERATED_BYTES : ED25519_SEED_BYTES];
        random.nextBytes(key);
        return scheme.secretPrefix() + Base64.getEncoder().encodeToString(key);
    }

    /** The key bytes a secret of either scheme stands for. */
    public static byte[] keyOf(String secret) {
        return Base64.getDecoder().decode(secret.substring(SignatureScheme.of(secret).secretPrefix().length()));
    }

    /** @throws InvalidRequestException naming {@code field} unless it is whsec_ + base64 of 24 to 64 bytes */
    public static String requireValid(String secret, String field) {
        String problem = field + " must be " + PREFIX + " followed by the base64 of " + MIN_BYTES + " to " + MAX_BYTES + " bytes";
        if (secret == null || !secret.startsWith(PREFIX)) {
            throw new InvalidRequestException(problem);
        }
        requireLength(secret, MIN_BYTES, MAX_BYTES, problem);
        return secret;
    }

    /**
     * A target's signing secret: a {@code whsec_} secret, or a {@code whsk_} key of exactly 32 bytes.
     *
     * @throws InvalidRequestException naming {@code field} otherwise
     */
    public static String requireSigningSecret(String secret, String field) {
        if (secret != null && secret.startsWith(SignatureScheme.V1A.secretPrefix())) {
            requireLength(secret, ED25519_SEED_BYTES, ED25519_SEED_BYTES, field + " must be " + SignatureScheme.V1A.secretPrefix()
                    + " followed by the base64 of a " + ED25519_SEED_BYTES + "-byte ed25519 seed, or " + PREFIX + "…");
            return secret;
        }
        return requireValid(secret, field);
    }

    private static void requireLength(String secret, int least, int most, String problem) {
        try {
            int length = keyOf(secret).length;
            if (length < least || length > most) {
                throw new InvalidRequestException(problem);
            }
        } catch (IllegalArgumentException notBase64) {
            throw new InvalidRequestException(problem);
        }
    }
}
