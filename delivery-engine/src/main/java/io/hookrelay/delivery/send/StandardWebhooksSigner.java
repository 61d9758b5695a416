package io.hookrelay.delivery.send;

import io.hookrelay.delivery.WebhookSecrets;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Standard Webhooks signatures: {@code v1,} then the base64 of HMAC-SHA256 over
 * {@code id + "." + timestamp + "." + body}, keyed with the bytes a {@code whsec_} secret stands for. Signing
 * the id and timestamp with the body is what lets a receiver reject a replayed or re-dated message, not
 * just a forged one.
 */
public final class StandardWebhooksSigner {
    private static final String ALGORITHM = "HmacSHA256";
    private static final String VERSION_PREFIX = "v1,";

    private StandardWebhooksSigner() {
    }

    /** The {@code webhook-signature} value for one message. */
    public static String sign(String secret, String messageId, long timestamp, byte[] body) {
        try {
            Mac mac = Mac.getInstance(ALGORITHM);
            mac.init(new SecretKeySpec(WebhookSecrets.keyOf(secret), ALGORITHM));
            mac.update((messageId + "." + timestamp + ".").getBytes(StandardCharsets.UTF_8));
            return VERSION_PREFIX + Base64.getEncoder().encodeToString(mac.doFinal(body));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("every JDK ships " + ALGORITHM, e);
        }
    }
}
