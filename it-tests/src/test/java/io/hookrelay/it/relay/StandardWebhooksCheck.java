package io.hookrelay.it.relay;

import io.hookrelay.it.support.Receiver;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * What a receiver does to trust a delivery, per the Standard Webhooks specification, written here from the
 * specification rather than borrowed from hookrelay: a check that shared the relay's signer would agree with
 * the relay even when both were wrong.
 */
final class StandardWebhooksCheck {
    private static final String SECRET_PREFIX = "whsec_";
    private static final String VERSION = "v1,";
    /** The tolerance the specification recommends for {@code webhook-timestamp}. */
    static final Duration TOLERANCE = Duration.ofMinutes(5);

    private StandardWebhooksCheck() {
    }

    /**
     * Whether {@code request} carries a signature made with {@code secret}, of its own id, timestamp and body,
     * and a timestamp within {@link #TOLERANCE} of {@code now}.
     */
    static boolean verifies(String secret, Receiver.Request request, Instant now) {
        String id = request.header("webhook-id").orElse("");
        String timestamp = request.header("webhook-timestamp").orElse("");
        String signatures = request.header("webhook-signature").orElse("");
        return isFresh(timestamp, now) && signatureMatches(secret, id, timestamp, request.body(), signatures);
    }

    /**
     * Whether any {@code v1,<base64>} entry of the space-separated {@code signatures} is the HMAC-SHA256,
     * keyed with the base64-decoded part of {@code secret} after {@code whsec_}, of
     * {@code id + "." + timestamp + "." + body}.
     */
    static boolean signatureMatches(String secret, String id, String timestamp, byte[] body, String signatures) {
        byte[] expected = hmacSha256(key(secret), signedContent(id, timestamp, body));
        return Arrays.stream(signatures.split(" "))
                .filter(entry -> entry.startsWith(VERSION))
                .map(entry -> decodeOrEmpty(entry.substring(VERSION.length())))
                .anyMatch(given -> MessageDigest.isEqual(expected, given));
    }

    private static boolean isFresh(String timestamp, Instant now) {
        if (!timestamp.matches("[0-9]{1,12}")) {
            return false;
        }
        Duration age = Duration.between(Instant.ofEpochSecond(Long.parseLong(timestamp)), now).abs();
        return age.compareTo(TOLERANCE) <= 0;
    }

    private static byte[] key(String secret) {
        if (!secret.startsWith(SECRET_PREFIX)) {
            throw new IllegalArgumentException("a Standard Webhooks secret starts with " + SECRET_PREFIX);
        }
        return Base64.getDecoder().decode(secret.substring(SECRET_PREFIX.length()));
    }

    private static byte[] signedContent(String id, String timestamp, byte[] body) {
        byte[] prefix = (id + "." + timestamp + ".").getBytes(StandardCharsets.UTF_8);
        byte[] content = Arrays.copyOf(prefix, prefix.length + body.length);
        System.arraycopy(body, 0, content, prefix.length, body.length);
        return content;
    }

    private static byte[] decodeOrEmpty(String base64) {
        try {
            return Base64.getDecoder().decode(base64);
        } catch (IllegalArgumentException notBase64) {
            return new byte[0];
        }
    }

    static byte[] hmacSha256(byte[] key, byte[] message) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            return mac.doFinal(message);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("every Java platform provides HmacSHA256", e);
        }
    }
}
