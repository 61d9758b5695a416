package io.hookrelay.queue;

import java.time.Duration;
import java.util.Optional;

/** Decides how long a failed intent waits before its next attempt, and when it has had enough. */
@FunctionalInterface
public interface RetryPolicy {

    /**
     * @param intentId the intent, so jitter can differ between intents yet be the same on every replay
     * @param attempts the number of the attempt that just failed (1 for the first)
     * @return the wait before the next attempt, or empty when the intent should become {@code failed}
     */
    Optional<Duration> delayAfter(String intentId, int attempts);
}
