package io.hookrelay.delivery.ingest;

import io.hookrelay.delivery.error.InvalidSignatureException;
import io.hookrelay.delivery.model.Verification;
import io.hookrelay.delivery.model.VerificationScheme;
import io.hookrelay.delivery.usecase.InboundRequest;
import java.time.Instant;

/**
 * Proves that an inbound webhook came from its source's provider, one implementation per scheme. Refusals
 * say which part of the request is wrong but never the secret or the signature that was expected: the
 * message goes back to whoever sent the request, and an expected signature would let them forge this body.
 */
interface SignatureVerifier {

    /** @throws InvalidSignatureException when the request does not carry a valid, current signature */
    void verify(Verification settings, InboundRequest request, Instant now);

    static SignatureVerifier of(VerificationScheme scheme) {
        return switch (scheme) {
            case NONE -> new NoVerification();
            case STANDARD_WEBHOOKS -> new StandardWebhooksVerifier();
            case HMAC_SHA256 -> new HmacSha256Verifier();
            case STRIPE -> new StripeVerifier();
        };
    }
}
