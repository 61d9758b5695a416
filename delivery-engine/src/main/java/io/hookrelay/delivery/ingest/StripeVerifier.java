package io.hookrelay.delivery.ingest;

import io.hookrelay.delivery.error.InvalidSignatureException;
import io.hookrelay.delivery.model.Verification;
import io.hookrelay.delivery.signing.Hmacs;
import io.hookrelay.delivery.usecase.InboundRequest;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * Stripe: {@code Stripe-Signature: t=<unix>,v1=<hex>[,v1=<hex>…]}, each {@code v1} an HMAC-SHA256 of
 * {@code t.body} keyed with the secret's UTF-8 bytes. Several {@code v1} appear while an endpoint secret is
 * being rolled; any one matching is enough. Other schemes ({@code v0}, test-mode signatures) are ignored.
 */
final class StripeVerifier implements SignatureVerifier {
    private static final String HEADER = Verification.STRIPE_HEADER;

    @Override
    public void verify(Verification settings, InboundRequest request, Instant now) {
        String value = request.header(HEADER).orElseThrow(() -> new InvalidSignatureException("missing " + HEADER + " header"));
        List<String> timestamps = new ArrayList<>();
        List<String> signatures = new ArrayList<>();
        for (String element : value.split(",")) {
            String[] pair = element.strip().split("=", 2);
            if (pair.length == 2 && pair[0].equals("t")) {
                timestamps.add(pair[1]);
            } else if (pair.length == 2 && pair[0].equals("v1")) {
                signatures.add(pair[1]);
            }
        }
        if (timestamps.size() != 1) {
            throw new InvalidSignatureException(HEADER + " must carry exactly one t= timestamp");
        }
        if (signatures.isEmpty()) {
            throw new InvalidSignatureException(HEADER + " carries no v1= signature");
        }
        String timestamp = timestamps.get(0);
        SignedTimestamps.requireCurrent(timestamp, HEADER + " t=", now);
        byte[] expected = Hmacs.sha256(settings.secret().getBytes(StandardCharsets.UTF_8),
                (timestamp + ".").getBytes(StandardCharsets.UTF_8), request.body());
        if (!Hmacs.anyMatches(expected, signatures, HexFormat.of()::parseHex)) {
            throw new InvalidSignatureException("no v1 signature in " + HEADER + " matches the body");
        }
    }
}
