package io.hookrelay.queue;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * What a running handler is told about its attempt, and what it can tell back.
 *
 * <p>The attempt may be called off while it runs (shutdown, or a lost claim); once called off it stays so.
 * A handler may also {@link #report} what the other side answered, which the worker writes into the
 * attempt log in the same transaction as the outcome, so the log never shows an attempt whose outcome was
 * lost, or an outcome without its attempt. A handler that waits for something of its own before it turns to
 * its counterpart (a slot, a token) may {@link #startsAt mark} when it did, so that the log's start and
 * duration tell of the counterpart rather than of the wait.
 */
public final class AttemptContext {
    private final CountDownLatch cancelled = new CountDownLatch(1);
    private final List<Runnable> onCancel = new CopyOnWriteArrayList<>();
    private volatile AttemptDetail detail = AttemptDetail.NONE;
    private volatile Instant startedAt;

    public boolean isCancelled() {
        return cancelled.getCount() == 0;
    }

    /**
     * Waits until the attempt is called off or {@code timeout} passes, whichever comes first.
     *
     * @return true if it was called off
     */
    public boolean awaitCancellation(Duration timeout) throws InterruptedException {
        return cancelled.await(timeout.toNanos(), TimeUnit.NANOSECONDS);
    }

    /**
     * Runs {@code action} once the attempt is called off, on the thread that calls it off, or at once if it
     * already is: how an asynchronous attempt hears of it without a thread of its own watching.
     */
    public void whenCancelled(Runnable action) {
        onCancel.add(Objects.requireNonNull(action, "action"));
        if (isCancelled() && onCancel.remove(action)) {
            action.run();
        }
    }

    /** Records what the attempt's counterpart answered; the last report before the handler returns wins. */
    public void report(AttemptDetail detail) {
        this.detail = Objects.requireNonNull(detail, "detail");
    }

    /**
     * Records {@code at}, by the queue's clock, as when the attempt proper started: the attempt log's start, from
     * which its duration counts. Unmarked, both count from when the handler was called; the last mark wins.
     */
    public void startsAt(Instant at) {
        this.startedAt = Objects.requireNonNull(at, "at");
    }

    /** What the handler last {@link #report reported}; the pool writes it into the attempt log. */
    public AttemptDetail detail() {
        return detail;
    }

    /** The start the handler {@link #startsAt marked}, if it did. */
    public Optional<Instant> startedAt() {
        return Optional.ofNullable(startedAt);
    }

    /** Calls the attempt off: the pool does when it shuts down or loses the claim. */
    public void cancel() {
        cancelled.countDown();
        onCancel.forEach(action -> {
            if (onCancel.remove(action)) {
                action.run();
            }
        });
    }
}
