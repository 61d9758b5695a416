package io.hookrelay.delivery.ingest;

import io.hookrelay.delivery.model.Verification;
import io.hookrelay.delivery.usecase.InboundRequest;
import java.time.Instant;

/** Accepts every request: for providers that sign nothing, or sources reachable only from a trusted network. */
final class NoVerification implements SignatureVerifier {

    @Override
    public void verify(Verification settings, InboundRequest request, Instant now) {
        // nothing to check
    }
}
