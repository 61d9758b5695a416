package io.hookrelay.delivery;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A target as an operator writes it: without a secret the server generates one on create and keeps the
 * current one on replace, so rotating a secret is explicit.
 */
public record TargetDraft(String id, URI url, Optional<String> secret, Duration timeout, List<Duration> retrySchedule, int maxInFlight) {
    public TargetDraft {
        Objects.requireNonNull(secret, "secret");
    }

    /** The target this draft describes, given the secret to use when the draft has none. */
    public Target withSecretOr(String fallbackSecret) {
        return new Target(id, url, secret.orElse(fallbackSecret), timeout, retrySchedule, maxInFlight);
    }

    @Override
    public String toString() {
        return "TargetDraft[id=" + id + ", url=" + url + ", secret=" + (secret.isPresent() ? "(hidden)" : "(none)") + "]";
    }
}
