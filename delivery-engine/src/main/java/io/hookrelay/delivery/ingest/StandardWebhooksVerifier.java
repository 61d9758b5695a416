package io.hookrelay.delivery.ingest;

import io.hookrelay.delivery.error.InvalidSignatureException;
import io.hookrelay.delivery.model.Verification;
import io.hookrelay.delivery.signing.StandardWebhooks;
import io.hookrelay.delivery.usecase.InboundRequest;
import java.time.Instant;

/**
 * Standard Webhooks sources: the signature must be one {@link StandardWebhooks} accepts with the source's
 * secret, and its timestamp current, which is what refuses a captured request replayed later.
 */
final class StandardWebhooksVerifier implements SignatureVerifier {

    @Override
    public void verify(Verification settings, InboundRequest request, Instant now) {
        String id = required(request, StandardWebhooks.ID_HEADER);
        String timestamp = required(request, StandardWebhooks.TIMESTAMP_HEADER);
        String signatures = required(request, StandardWebhooks.SIGNATURE_HEADER);
        SignedTimestamps.requireCurrent(timestamp, StandardWebhooks.TIMESTAMP_HEADER, now);
        // requireCurrent has checked that the timestamp is a handful of digits.
        if (!StandardWebhooks.matches(settings.secret(), id, Long.parseLong(timestamp), request.body(), signatures)) {
            throw new InvalidSignatureException("no v1 entry of webhook-signature matches the body");
        }
    }

    private static String required(InboundRequest request, String header) {
        return request.header(header).orElseThrow(() -> new InvalidSignatureException("missing " + header + " header"));
    }
}
