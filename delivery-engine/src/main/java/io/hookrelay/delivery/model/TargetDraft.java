package io.hookrelay.delivery.model;

import io.hookrelay.delivery.error.InvalidRequestException;
import io.hookrelay.delivery.signing.SignatureScheme;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A target as an operator writes it: without a secret the server generates one of the {@code signature}'s kind
 * (v1 unless it says) on create and keeps the current one on replace, so rotating a secret is explicit.
 *
 * @param signature the scheme asked for; a secret given with it must be of that scheme
 */
public record TargetDraft(String id, URI url, Optional<String> secret, Duration timeout, List<Duration> retrySchedule, int maxInFlight,
                          Optional<RateLimit> rateLimit, Optional<SignatureScheme> signature, DeliveryOrdering ordering) {
    public TargetDraft {
        Objects.requireNonNull(ordering, "ordering");
        Objects.requireNonNull(secret, "secret");
        Objects.requireNonNull(rateLimit, "rateLimit");
        Objects.requireNonNull(signature, "signature");
        signature.ifPresent(scheme -> secret.filter(given -> !given.startsWith(scheme.secretPrefix())).ifPresent(given -> {
            throw new InvalidRequestException("signature " + scheme.wireName() + " signs with a " + scheme.secretPrefix() + " secret");
        }));
    }

    /** A draft of a target that takes deliveries in any order. */
    public TargetDraft(String id, URI url, Optional<String> secret, Duration timeout, List<Duration> retrySchedule, int maxInFlight,
                       Optional<RateLimit> rateLimit, Optional<SignatureScheme> signature) {
        this(id, url, secret, timeout, retrySchedule, maxInFlight, rateLimit, signature, DeliveryOrdering.NONE);
    }

    /** The target this draft creates, with {@code generated} as its secret when the draft has none. */
    public Target created(String generated) {
        return new Target(id, url, secret.orElse(generated), timeout, retrySchedule, maxInFlight, rateLimit, Optional.empty(),
                ordering);
    }

    /**
     * The target this draft replaces {@code current} with. A new secret ends any grace of the one before it: giving
     * one is replacing it now, where rotating it would have kept the old one signing for a while.
     *
     * @throws InvalidRequestException when it asks for another scheme without a secret of that scheme
     */
    public Target replacing(Target current) {
        signature.filter(scheme -> secret.isEmpty() && scheme != current.signature()).ifPresent(scheme -> {
            throw new InvalidRequestException("signature " + scheme.wireName() + " needs a new secret: give one, or rotate the secret to "
                    + scheme.wireName());
        });
        return secret.map(given -> new Target(id, url, given, timeout, retrySchedule, maxInFlight, rateLimit, Optional.empty(),
                        ordering))
                .orElseGet(() -> new Target(id, url, current.secret(), timeout, retrySchedule, maxInFlight, rateLimit,
                        current.previousSecret(), ordering));
    }

    /** The scheme of the secret a create generates. */
    public SignatureScheme schemeToGenerate() {
        return signature.orElse(SignatureScheme.V1);
    }

    @Override
    public String toString() {
        return "TargetDraft[id=" + id + ", url=" + url + ", secret=" + (secret.isPresent() ? "(hidden)" : "(none)") + "]";
    }
}
