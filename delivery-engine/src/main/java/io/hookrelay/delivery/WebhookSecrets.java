package io.hookrelay.delivery;

import java.security.SecureRandom;
import java.util.Base64;

/**
 * Standard Webhooks secrets: {@code whsec_} then the base64 of the key bytes. The prefix makes a secret
 * recognisable (and greppable by secret scanners) wherever it gets pasted.
 */
public final class WebhookSecrets {
    public static final String PREFIX = "whsec_";
    private static final int GENERATED_BYTES = 32;
    private static final int MIN_BYTES = 24;
    private static final int MAX_BYTES = 64;

    private WebhookSecrets() {
    }

    public static String generate(SecureRandom random) {
        byte[] key = new byte[GENERATED_BYTES];
        random.nextBytes(key);
        return PREFIX + Base64.getEncoder().encodeToString(key);
    }

    /** The key bytes a secret stands for. */
    public static byte[] keyOf(String secret) {
        return Base64.getDecoder().decode(secret.substring(PREFIX.length()));
    }

    /** @throws InvalidRequestException naming {@code field} unless it is whsec_ + base64 of 24 to 64 bytes */
    public static String requireValid(String secret, String field) {
        String problem = field + " must be " + PREFIX + " followed by the base64 of " + MIN_BYTES + " to " + MAX_BYTES + " bytes";
        if (secret == null || !secret.startsWith(PREFIX)) {
            throw new InvalidRequestException(problem);
        }
        try {
            int length = keyOf(secret).length;
            if (length < MIN_BYTES || length > MAX_BYTES) {
                throw new InvalidRequestException(problem);
            }
        } catch (IllegalArgumentException notBase64) {
            throw new InvalidRequestException(problem);
        }
        return secret;
    }
}
