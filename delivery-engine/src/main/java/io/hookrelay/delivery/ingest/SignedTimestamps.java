package io.hookrelay.delivery.ingest;

import io.hookrelay.delivery.error.InvalidSignatureException;
import io.hookrelay.delivery.signing.SignedTimestamp;
import java.time.Instant;

/** Ingest's refusal of a signed timestamp that is malformed or not current (see {@link SignedTimestamp}). */
final class SignedTimestamps {

    private SignedTimestamps() {
    }

    /** @param name the header or field, for the refusal's message */
    static void requireCurrent(String value, String name, Instant now) {
        long signedAt = SignedTimestamp.parse(value)
                .orElseThrow(() -> new InvalidSignatureException(name + " must be unix seconds"));
        if (!SignedTimestamp.isCurrent(signedAt, now)) {
            throw new InvalidSignatureException(name + " is more than " + SignedTimestamp.TOLERANCE.toMinutes() + " minutes away from now");
        }
    }
}
