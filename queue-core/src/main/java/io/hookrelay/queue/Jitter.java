package io.hookrelay.queue;

import java.time.Duration;

/**
 * ±20% jitter taken from {@code sha256(id + attempts)} rather than a random source: retries of many intents
 * that failed together still spread out, while the delay for one intent and attempt is the same every time
 * it is computed, so a test (or an operator reading a schedule) can predict it exactly.
 */
final class Jitter {
    static final double SPREAD = 0.2;

    private Jitter() {
    }

    /** A factor in {@code [0.8, 1.2]}. */
    static double factor(String intentId, int attempts) {
        int firstByte = NewIntent.sha256(intentId + attempts)[0] & 0xff;
        return 1 + (firstByte / 255.0 - 0.5) * 2 * SPREAD;
    }

    static Duration apply(Duration base, String intentId, int attempts) {
        return Duration.ofMillis(Math.round(base.toMillis() * factor(intentId, attempts)));
    }
}
