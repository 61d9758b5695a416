package io.hookrelay.it.api;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Base64;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Signature headers as the providers make them, written from their documentation, for requests that are
 * correctly signed and refused all the same (a stale or future timestamp, a body or id other than the one
 * signed): a forged request that only fails for a bad signature would not show that a replay is refused.
 */
public final class ProviderSignatures {
    private static final String WHSEC = "whsec_";

    private ProviderSignatures() {
    }

    /** Standard Webhooks' {@code webhook-signature}: {@code v1,} and the base64 HMAC of {@code id.timestamp.body}. */
    static String standardWebhooks(String whsecSecret, String id, long timestamp, String body) {
        byte[] key = Base64.getDecoder().decode(whsecSecret.substring(WHSEC.length()));
        return "v1," + Base64.getEncoder().encodeToString(hmacSha256(key, id + "." + timestamp + "." + body));
    }

    /** Stripe's {@code Stripe-Signature}: {@code t=<timestamp>,v1=<hex HMAC of timestamp.body>}. */
    static String stripe(String secret, long timestamp, String body) {
        return "t=" + timestamp + ",v1=" + stripeHex(secret, timestamp, body);
    }

    /** Only the {@code v1} part of {@link #stripe}, for a header that pairs it with another timestamp. */
    static String stripeHex(String secret, long timestamp, String body) {
        return HexFormat.of().formatHex(hmacSha256(secret.getBytes(StandardCharsets.UTF_8), timestamp + "." + body));
    }

    /** GitHub's {@code X-Hub-Signature-256}: {@code sha256=} and the hex HMAC of the body. */
    public static String github(String secret, String body) {
        return "sha256=" + HexFormat.of().formatHex(hmacSha256(secret.getBytes(StandardCharsets.UTF_8), body));
    }

    private static byte[] hmacSha256(byte[] key, String message) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            return mac.doFinal(message.getBytes(StandardCharsets.UTF_8));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("every Java platform provides HmacSHA256", e);
        }
    }
}
