package io.hookrelay.queue;

import java.time.Duration;
import java.util.Optional;

/**
 * {@code 2^attempts} seconds, capped at an hour before jitter, never exhausted: work that must eventually
 * happen keeps being tried, at most about once an hour, until an operator cancels it.
 */
public final class ExponentialBackoff implements RetryPolicy {
    static final Duration CAP = Duration.ofHours(1);
    /** 2^12 s already exceeds the cap; stopping there keeps the shift far from overflow. */
    private static final int LARGEST_USEFUL_EXPONENT = 12;

    @Override
    public Optional<Duration> delayAfter(String intentId, int attempts) {
        int exponent = Math.min(Math.max(attempts, 1), LARGEST_USEFUL_EXPONENT);
        Duration base = Duration.ofSeconds(1L << exponent);
        if (base.compareTo(CAP) > 0) {
            base = CAP;
        }
        return Optional.of(Jitter.apply(base, intentId, attempts));
    }
}
