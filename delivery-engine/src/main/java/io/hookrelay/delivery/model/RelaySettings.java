package io.hookrelay.delivery.model;

import io.hookrelay.delivery.header.RelayMarker;
import java.time.Duration;
import java.util.Objects;

/**
 * Server-wide delivery rules. (How many consecutive failures pause a target is {@code TargetHealth}'s, the
 * one place that counts them.)
 *
 * @param retryAfterCap the longest a receiver's {@code Retry-After} may push an attempt back
 * @param version       sent as {@code User-Agent: hookrelay/<version>}
 * @param marker        this relay's mark on every delivery, by which ingest knows one that comes back
 */
public record RelaySettings(Duration retryAfterCap, String version, RelayMarker marker) {
    public static final Duration DEFAULT_RETRY_AFTER_CAP = Duration.ofHours(24);

    public RelaySettings {
        Objects.requireNonNull(retryAfterCap, "retryAfterCap");
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(marker, "marker");
        if (retryAfterCap.isNegative()) {
            throw new IllegalArgumentException("the Retry-After cap must not be negative");
        }
    }
}
