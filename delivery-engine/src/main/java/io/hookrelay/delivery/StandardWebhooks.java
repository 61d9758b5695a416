package io.hookrelay.delivery;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;

/**
 * Standard Webhooks signatures, for every side of hookrelay that deals in them: deliveries are signed with
 * their target's secret, sources of that scheme are verified with theirs, and {@code hookrelay listen}
 * checks what a developer's target receives. One implementation, so what hookrelay sends and what it
 * accepts cannot drift apart.
 *
 * <p>A signature is {@code v1,} then the base64 of HMAC-SHA256 over {@code id + "." + timestamp + "." +
 * body}, keyed with the bytes a {@code whsec_} secret stands for. Signing the id and timestamp with the body
 * is what lets a receiver reject a replayed or re-dated message, not just a forged one; whether the
 * timestamp is recent enough is the receiver's call, since it needs a clock and a tolerance, so it is not
 * checked here.
 */
public final class StandardWebhooks {
    public static final String ID_HEADER = "webhook-id";
    public static final String TIMESTAMP_HEADER = "webhook-timestamp";
    public static final String SIGNATURE_HEADER = "webhook-signature";
    private static final String VERSION_PREFIX = "v1,";

    private StandardWebhooks() {
    }

    /** The {@code webhook-signature} value for one message. */
    public static String sign(String secret, String messageId, long timestamp, byte[] body) {
        return VERSION_PREFIX + Base64.getEncoder().encodeToString(hmac(secret, messageId, timestamp, body));
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

    private static byte[] hmac(String secret, String messageId, long timestamp, byte[] body) {
        byte[] signedPrefix = (messageId + "." + timestamp + ".").getBytes(StandardCharsets.UTF_8);
        return Hmacs.sha256(WebhookSecrets.keyOf(secret), signedPrefix, body);
    }
}
