package io.hookrelay.delivery.ingest;

import io.hookrelay.delivery.InboundRequest;
import io.hookrelay.delivery.InvalidSignatureException;
import io.hookrelay.delivery.Verification;
import io.hookrelay.delivery.WebhookSecrets;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;

/**
 * Standard Webhooks: {@code webhook-signature} lists space-separated {@code v1,<base64>} signatures of
 * {@code webhook-id.webhook-timestamp.body}, keyed with the bytes of the {@code whsec_} secret. A list,
 * because a provider rotating its secret signs with the old and the new one for a while; one match is
 * enough. Entries of other versions (such as asymmetric {@code v1a}) are not ours to check and are skipped.
 */
final class StandardWebhooksVerifier implements SignatureVerifier {
    private static final String VERSION = "v1,";

    @Override
    public void verify(Verification settings, InboundRequest request, Instant now) {
        String id = required(request, "webhook-id");
        String timestamp = required(request, "webhook-timestamp");
        String signatures = required(request, "webhook-signature");
        SignedTimestamps.requireCurrent(timestamp, "webhook-timestamp", now);
        byte[] expected = Hmacs.sha256(WebhookSecrets.keyOf(settings.secret()),
                (id + "." + timestamp + ".").getBytes(StandardCharsets.UTF_8), request.body());
        List<String> v1 = Arrays.stream(signatures.split(" "))
                .filter(signature -> signature.startsWith(VERSION))
                .map(signature -> signature.substring(VERSION.length()))
                .toList();
        if (!Hmacs.anyMatches(expected, v1, Base64.getDecoder()::decode)) {
            throw new InvalidSignatureException("no v1 entry of webhook-signature matches the body");
        }
    }

    private static String required(InboundRequest request, String header) {
        return request.header(header).orElseThrow(() -> new InvalidSignatureException("missing " + header + " header"));
    }
}
