package io.hookrelay.delivery.signing;

import io.hookrelay.delivery.error.InvalidRequestException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Standard Webhooks signatures, for every side of hookrelay that deals in them: deliveries are signed with
 * their target's secret, sources of that scheme are verified with theirs, and {@code hookrelay listen}
 * checks what a developer's target receives. One implementation, so what hookrelay sends and what it
 * accepts cannot drift apart.
 *
 * <p>A signature is {@code v1,} then the base64 of HMAC-SHA256 over {@code id + "." + timestamp + "." +
 * body}, keyed with the bytes a {@code whsec_} secret stands for, or {@code v1a,} then the base64 of an ed25519
 * signature over the same text with a {@code whsk_} key. Signing the id and timestamp with the body
 * is what lets a receiver reject a replayed or re-dated message, not just a forged one; whether the
 * timestamp is recent enough is the receiver's call, since it needs a clock and a tolerance, so it is not
 * checked here.
 */
public final class StandardWebhooks {
    public static final String ID_HEADER = "webhook-id";
    public static final String TIMESTAMP_HEADER = "webhook-timestamp";
    public static final String SIGNATURE_HEADER = "webhook-signature";
    private static final String VERSION_PREFIX = "v1,";
    private static final String ASYMMETRIC_PREFIX = "v1a,";
    private static final String PUBLIC_KEY_PREFIX = "whpk_";

    private StandardWebhooks() {
    }

    /**
     * One {@code webhook-signature} entry for one message: {@code v1,} with a {@code whsec_} secret, {@code v1a,} and
     * the base64 of an ed25519 signature over the same text with a {@code whsk_} key.
     */
    public static String sign(String secret, String messageId, long timestamp, byte[] body) {
        if (SignatureScheme.of(secret) == SignatureScheme.V1A) {
            return ASYMMETRIC_PREFIX + Base64.getEncoder().encodeToString(Ed25519Keys.sign(WebhookSecrets.keyOf(secret),
                    signedText(messageId, timestamp, body)));
        }
        return VERSION_PREFIX + Base64.getEncoder().encodeToString(hmac(secret, messageId, timestamp, body));
    }

    /** The {@code webhook-signature} value signed with each secret, space-separated as the specification lists them. */
    public static String signAll(List<String> secrets, String messageId, long timestamp, byte[] body) {
        return secrets.stream().map(secret -> sign(secret, messageId, timestamp, body)).collect(Collectors.joining(" "));
    }

    /** The {@code whpk_} public key a receiver verifies {@code v1a} signatures of a {@code whsk_} key with. */
    public static String publicKey(String secretKey) {
        if (SignatureScheme.of(secretKey) != SignatureScheme.V1A) {
            throw new IllegalArgumentException("only a whsk_ key has a public key");
        }
        return PUBLIC_KEY_PREFIX + Base64.getEncoder().encodeToString(Ed25519Keys.publicKey(WebhookSecrets.keyOf(secretKey)));
    }

    /**
     * Whether any {@code v1} entry of a {@code webhook-signature} value signs this message, compared in
     * constant time. The value is a space-separated list because a sender rotating its secret signs with the
     * old and the new one for a while. Entries of other versions (such as asymmetric {@code v1a}) are not
     * ours to check, and a malformed entry matches nothing; neither hides a matching entry after it.
     *
     * @param timestamp the {@code webhook-timestamp} as a number: the signed text is its plain decimal form,
     *                  as the specification's reference libraries compute it
     */
    public static boolean matches(String secret, String messageId, long timestamp, byte[] body, String signatureHeader) {
        List<String> v1 = Arrays.stream(signatureHeader.split(" "))
                .filter(entry -> entry.startsWith(VERSION_PREFIX))
                .map(entry -> entry.substring(VERSION_PREFIX.length()))
                .toList();
        return Hmacs.anyMatches(hmac(secret, messageId, timestamp, body), v1, Base64.getDecoder()::decode);
    }

    /**
     * Whether any {@code v1a} entry of a {@code webhook-signature} value is an ed25519 signature of this message under
     * {@code publicKey} (a {@code whpk_} key, see {@link #requirePublicKey}); entries of other versions, and malformed
     * ones, match nothing.
     */
    public static boolean matchesPublicKey(String publicKey, String messageId, long timestamp, byte[] body, String signatureHeader) {
        byte[] key = Base64.getDecoder().decode(publicKey.substring(PUBLIC_KEY_PREFIX.length()));
        byte[] text = signedText(messageId, timestamp, body);
        return Arrays.stream(signatureHeader.split(" "))
                .filter(entry -> entry.startsWith(ASYMMETRIC_PREFIX))
                .map(entry -> decodedOrEmpty(entry.substring(ASYMMETRIC_PREFIX.length())))
                .anyMatch(signature -> signature.length > 0 && Ed25519Keys.verifies(key, text, signature));
    }

    /** @throws InvalidRequestException naming {@code field} unless it is whpk_ + the base64 of a 32-byte ed25519 key */
    public static String requirePublicKey(String publicKey, String field) {
        String problem = field + " must be " + PUBLIC_KEY_PREFIX + " followed by the base64 of a " + Ed25519Keys.KEY_BYTES
                + "-byte ed25519 public key";
        if (publicKey == null || !publicKey.startsWith(PUBLIC_KEY_PREFIX)
                || !Ed25519Keys.isPublicKey(decodedOrEmpty(publicKey.substring(PUBLIC_KEY_PREFIX.length())))) {
            throw new InvalidRequestException(problem);
        }
        return publicKey;
    }

    /** Whether {@code key} is a {@code whpk_} public key rather than a secret. */
    public static boolean isPublicKey(String key) {
        return key.startsWith(PUBLIC_KEY_PREFIX);
    }

    private static byte[] decodedOrEmpty(String base64) {
        try {
            return Base64.getDecoder().decode(base64);
        } catch (IllegalArgumentException malformed) {
            return new byte[0];
        }
    }

    private static byte[] hmac(String secret, String messageId, long timestamp, byte[] body) {
        return Hmacs.sha256(WebhookSecrets.keyOf(secret), signedPrefix(messageId, timestamp), body);
    }

    private static byte[] signedText(String messageId, long timestamp, byte[] body) {
        byte[] prefix = signedPrefix(messageId, timestamp);
        byte[] text = Arrays.copyOf(prefix, prefix.length + body.length);
        System.arraycopy(body, 0, text, prefix.length, body.length);
        return text;
    }

    private static byte[] signedPrefix(String messageId, long timestamp) {
        return (messageId + "." + timestamp + ".").getBytes(StandardCharsets.UTF_8);
    }
}
