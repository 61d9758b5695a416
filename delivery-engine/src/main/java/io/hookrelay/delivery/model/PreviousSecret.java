package io.hookrelay.delivery.model;

import io.hookrelay.delivery.signing.WebhookSecrets;
import java.time.Instant;
import java.util.Objects;

/**
 * A target's signing secret before its last rotation, still signing every delivery beside the new one until
 * {@code until}, so a receiver can switch to the new secret at its own pace within the grace period.
 */
public record PreviousSecret(String secret, Instant until) {
    public PreviousSecret {
        WebhookSecrets.requireSigningSecret(secret, "previous secret");
        Objects.requireNonNull(until, "until");
    }

    public boolean signsAt(Instant now) {
        return now.isBefore(until);
    }

    @Override
    public String toString() {
        return "PreviousSecret[until=" + until + ", secret=(hidden)]";
    }
}
