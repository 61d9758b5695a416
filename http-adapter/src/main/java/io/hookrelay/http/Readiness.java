package io.hookrelay.http;

import java.util.Objects;

/**
 * Whether the process can do its work now, and if not, why: the reason is shown to whoever probes
 * {@code /readyz}, so it names the unhealthy part without leaking details of the failure.
 *
 * @param reason empty when ready
 */
public record Readiness(boolean ready, String reason) {
    public static final Readiness READY = new Readiness(true, "");

    public Readiness {
        Objects.requireNonNull(reason, "reason");
        if (ready && !reason.isEmpty()) {
            throw new IllegalArgumentException("a ready answer carries no reason");
        }
        if (!ready && reason.isBlank()) {
            throw new IllegalArgumentException("a not-ready answer says why");
        }
    }

    public static Readiness notReady(String reason) {
        return new Readiness(false, reason);
    }
}
