package io.hookrelay.queue;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * What a running handler is told about its attempt, and what it can tell back.
 *
 * <p>The attempt may be called off while it runs (shutdown, or a lost claim); once called off it stays so.
 * A handler may also {@link #report} what the other side answered, which the worker writes into the
 * attempt log in the same transaction as the outcome, so the log never shows an attempt whose outcome was
 * lost, or an outcome without its attempt.
 */
public final class AttemptContext {
    private final CountDownLatch cancelled = new CountDownLatch(1);
    private final List<Runnable> onCancel = new CopyOnWriteArrayList<>();
    private volatile AttemptDetail detail = AttemptDetail.NONE;

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

    AttemptDetail detail() {
        return detail;
    }

    void cancel() {
        cancelled.countDown();
        onCancel.forEach(action -> {
            if (onCancel.remove(action)) {
                action.run();
            }
        });
    }
}
