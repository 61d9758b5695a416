package io.hookrelay.cli.listen;

import com.sun.net.httpserver.Headers;
import io.hookrelay.delivery.signing.SignedTimestamp;
import io.hookrelay.delivery.signing.StandardWebhooks;
import java.time.Instant;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.stream.Stream;

/**
 * What {@code hookrelay listen} says of a request's Standard Webhooks signature, checked as a receiver
 * should: a {@code v1} entry signed with the secret (or a {@code v1a} entry under the public key), and a timestamp
 * at most five minutes from now. An
 * invalid one says why, because whoever reads it is usually looking for a wrong secret or a wrong clock.
 */
final class SignatureVerdicts {
    private SignatureVerdicts() {
    }

    /** The option that gave {@code key}: a {@code whsec_} secret or a {@code whpk_} public key. */
    static String optionOf(String key) {
        return StandardWebhooks.isPublicKey(key) ? "--public-key" : "--secret";
    }

    /** @param key a {@code whsec_} secret or a {@code whpk_} public key */
    static String of(Optional<String> key, Headers headers, byte[] body, Instant now) {
        if (key.isEmpty()) {
            return "not checked (no --secret or --public-key)";
        }
        Optional<String> missing = Stream.of(StandardWebhooks.ID_HEADER, StandardWebhooks.TIMESTAMP_HEADER, StandardWebhooks.SIGNATURE_HEADER)
                .filter(header -> headers.getFirst(header) == null)
                .findFirst();
        if (missing.isPresent()) {
            return "INVALID (no " + missing.get() + " header)";
        }
        OptionalLong timestamp = SignedTimestamp.parse(headers.getFirst(StandardWebhooks.TIMESTAMP_HEADER));
        if (timestamp.isEmpty()) {
            return "INVALID (" + StandardWebhooks.TIMESTAMP_HEADER + " is not unix seconds)";
        }
        long signedAt = timestamp.getAsLong();
        String id = headers.getFirst(StandardWebhooks.ID_HEADER);
        String signatures = headers.getFirst(StandardWebhooks.SIGNATURE_HEADER);
        boolean asymmetric = StandardWebhooks.isPublicKey(key.get());
        boolean matches = asymmetric
                ? StandardWebhooks.matchesPublicKey(key.get(), id, signedAt, body, signatures)
                : StandardWebhooks.matches(key.get(), id, signedAt, body, signatures);
        if (!matches) {
            return "INVALID (no " + (asymmetric ? "v1a" : "v1") + " signature matches " + optionOf(key.get()) + ")";
        }
        if (!SignedTimestamp.isCurrent(signedAt, now)) {
            long age = SignedTimestamp.ageSeconds(signedAt, now);
            return "INVALID (" + StandardWebhooks.TIMESTAMP_HEADER + " is " + Math.abs(age) + " s " + (age > 0 ? "old" : "in the future")
                    + ", more than " + SignedTimestamp.TOLERANCE.toMinutes() + " minutes)";
        }
        return "valid";
    }
}
