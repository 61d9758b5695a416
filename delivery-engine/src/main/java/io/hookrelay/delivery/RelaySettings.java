package io.hookrelay.delivery;

import java.time.Duration;
import java.util.Objects;

/**
 * Server-wide delivery rules.
 *
 * @param autoPauseAfter how many consecutive failed attempts pause a target, so a receiver that is down
 *                       stops costing attempts and its backlog waits, pending, for an operator's resume
 * @param retryAfterCap  the longest a receiver's {@code Retry-After} may push an attempt back
 * @param version        sent as {@code User-Agent: hookrelay/<version>}
 */
public record RelaySettings(int autoPauseAfter, Duration retryAfterCap, String version) {
    public static final int DEFAULT_AUTO_PAUSE_AFTER = 20;
    public static final Duration DEFAULT_RETRY_AFTER_CAP = Duration.ofHours(24);

    public RelaySettings {
        if (autoPauseAfter < 1) {
            throw new IllegalArgumentException("auto-pause-after must be at least 1, was " + autoPauseAfter);
        }
        Objects.requireNonNull(retryAfterCap, "retryAfterCap");
        Objects.requireNonNull(version, "version");
    }
}
