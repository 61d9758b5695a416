package io.hookrelay.queue.testing;

import io.hookrelay.queue.AttemptOutcome;
import io.hookrelay.queue.QueueMetrics;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.LongSupplier;
import java.util.function.Predicate;

/**
 * Remembers everything a worker pool reports, and lets a test wait until a count is reached: the pool works
 * on its own threads, so "after N attempts" is something to wait for, not a moment to sleep until.
 */
public final class RecordingQueueMetrics implements QueueMetrics {

    /** One finished attempt as the pool reported it. */
    public record Attempt(String kindLabel, AttemptOutcome outcome, Duration duration) {
        public Attempt {
            Objects.requireNonNull(kindLabel, "kindLabel");
            Objects.requireNonNull(outcome, "outcome");
            Objects.requireNonNull(duration, "duration");
        }
    }

    private final List<Attempt> attempts = new ArrayList<>();
    private final List<String> storeRetries = new ArrayList<>();

    @Override
    public synchronized void attemptFinished(String kindLabel, AttemptOutcome outcome, Duration duration) {
        attempts.add(new Attempt(kindLabel, outcome, duration));
        notifyAll();
    }

    @Override
    public synchronized void storeRetried(String operation) {
        storeRetries.add(Objects.requireNonNull(operation, "operation"));
        notifyAll();
    }

    public synchronized List<Attempt> attempts() {
        return List.copyOf(attempts);
    }

    /** Every kind label reported so far, in order, repeats included. */
    public synchronized List<String> kindLabels() {
        return attempts.stream().map(Attempt::kindLabel).toList();
    }

    public synchronized long attempts(String kindLabel, AttemptOutcome outcome) {
        return attempts.stream().filter(matching(kindLabel, outcome)).count();
    }

    public synchronized long attempts(AttemptOutcome outcome) {
        return attempts.stream().filter(attempt -> attempt.outcome() == outcome).count();
    }

    public synchronized long storeRetries(String operation) {
        return storeRetries.stream().filter(operation::equals).count();
    }

    public synchronized long storeRetries() {
        return storeRetries.size();
    }

    /** Waits until at least {@code count} attempts of {@code kindLabel} ended with {@code outcome}. */
    public void awaitAttempts(String kindLabel, AttemptOutcome outcome, long count, Duration timeout)
            throws InterruptedException {
        awaitCount("attempts of " + kindLabel + " with outcome " + outcome.label(),
                () -> attempts(kindLabel, outcome), count, timeout);
    }

    /** Waits until {@code operation} was retried at least {@code count} times. */
    public void awaitStoreRetries(String operation, long count, Duration timeout) throws InterruptedException {
        awaitCount("store retries of " + operation, () -> storeRetries(operation), count, timeout);
    }

    private synchronized void awaitCount(String what, LongSupplier source, long count, Duration timeout)
            throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (source.getAsLong() < count) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                throw new AssertionError("expected at least " + count + " " + what + " within " + timeout
                        + " but saw " + source.getAsLong() + "; attempts " + attempts + ", store retries " + storeRetries);
            }
            wait(Math.max(1, left / 1_000_000));
        }
    }

    private static Predicate<Attempt> matching(String kindLabel, AttemptOutcome outcome) {
        return attempt -> attempt.kindLabel().equals(kindLabel) && attempt.outcome() == outcome;
    }
}
