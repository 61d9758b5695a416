package io.hookrelay.queue.pool;

import io.hookrelay.queue.QueueMetrics;
import io.hookrelay.queue.StoreException;
import io.hookrelay.queue.TransientStoreException;
import java.time.Duration;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * Repeats a store call that failed transiently, with growing pauses, for as long as the pool wants it
 * done: a busy database delays a claim rather than stopping the pool. The {@link OutcomeWriter} repeats its
 * writes with the same pauses, without a thread waiting through them.
 */
final class StoreRetrier {
    static final Duration FIRST_PAUSE = Duration.ofMillis(5);
    private static final Duration LONGEST_PAUSE = Duration.ofSeconds(1);

    private final QueueMetrics metrics;
    private final BooleanSupplier keepTrying;

    StoreRetrier(QueueMetrics metrics, BooleanSupplier keepTrying) {
        this.metrics = metrics;
        this.keepTrying = keepTrying;
    }

    /**
     * @return the call's result, or empty if the pool stopped wanting it (or the thread was interrupted)
     *         before it succeeded
     * @throws StoreException when the store failed for good
     */
    <T> Optional<T> call(String operation, Supplier<T> call) {
        Duration pause = FIRST_PAUSE;
        while (true) {
            try {
                return Optional.of(call.get());
            } catch (TransientStoreException e) {
                metrics.storeRetried(operation);
                if (!keepTrying.getAsBoolean()) {
                    return Optional.empty();
                }
                try {
                    Thread.sleep(pause.toMillis());
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    return Optional.empty();
                }
                pause = nextPause(pause);
            }
        }
    }

    /** Twice {@code pause}, up to a second: how long to wait before the next try. */
    static Duration nextPause(Duration pause) {
        Duration doubled = pause.multipliedBy(2);
        return doubled.compareTo(LONGEST_PAUSE) > 0 ? LONGEST_PAUSE : doubled;
    }
}
