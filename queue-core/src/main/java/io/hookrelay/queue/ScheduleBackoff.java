package io.hookrelay.queue;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * A fixed list of waits, each jittered: {@code delays.get(0)} before the second attempt, and so on. After
 * the last one the intent is {@code failed}, which is what a relay wants for a receiver that has been down
 * for a day: stop, and let an operator decide.
 */
public final class ScheduleBackoff implements RetryPolicy {
    private final List<Duration> delays;

    public ScheduleBackoff(List<Duration> delays) {
        this.delays = List.copyOf(delays);
        for (Duration delay : this.delays) {
            if (delay.isNegative()) {
                throw new IllegalArgumentException("a retry delay must not be negative: " + delay);
            }
        }
    }

    public List<Duration> delays() {
        return delays;
    }

    @Override
    public Optional<Duration> delayAfter(String intentId, int attempts) {
        if (attempts < 1 || attempts > delays.size()) {
            return Optional.empty();
        }
        return Optional.of(Jitter.apply(delays.get(attempts - 1), intentId, attempts));
    }
}
