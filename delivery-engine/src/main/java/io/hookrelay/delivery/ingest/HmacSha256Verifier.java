package io.hookrelay.delivery.ingest;

import io.hookrelay.delivery.error.InvalidSignatureException;
import io.hookrelay.delivery.model.Verification;
import io.hookrelay.delivery.signing.Hmacs;
import io.hookrelay.delivery.signing.SignatureEncoding;
import io.hookrelay.delivery.usecase.InboundRequest;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.HexFormat;

/**
 * A plain HMAC-SHA256 of the body, keyed with the secret's UTF-8 bytes, in one header after a fixed prefix:
 * GitHub's {@code X-Hub-Signature-256: sha256=<hex>}, or, with base64, Shopify's style. There is no
 * timestamp in this scheme, so it cannot refuse replays; the source's idempotency header is what keeps a
 * replayed request from being delivered twice.
 */
final class HmacSha256Verifier implements SignatureVerifier {

    @Override
    public void verify(Verification settings, InboundRequest request, Instant now) {
        String header = settings.header();
        String value = request.header(header).orElseThrow(() -> new InvalidSignatureException("missing " + header + " header"));
        if (!value.startsWith(settings.prefix())) {
            throw new InvalidSignatureException(header + " must start with " + settings.prefix());
        }
        byte[] given = decode(value.substring(settings.prefix().length()), settings.encoding(), header);
        byte[] expected = Hmacs.sha256(settings.secret().getBytes(StandardCharsets.UTF_8), request.body());
        if (!Hmacs.matches(expected, given)) {
            throw new InvalidSignatureException(header + " does not match the body");
        }
    }

    /** Hex in either case: providers differ, and the digest is the same. */
    private static byte[] decode(String signature, SignatureEncoding encoding, String header) {
        try {
            return switch (encoding) {
                case HEX -> HexFormat.of().parseHex(signature);
                case BASE64 -> Base64.getDecoder().decode(signature);
            };
        } catch (IllegalArgumentException malformed) {
            throw new InvalidSignatureException(header + " is not " + encoding.wireName() + " after its prefix");
        }
    }
}
