package io.hookrelay.queue;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/** Tells a running handler that its attempt has been called off. One-shot: once cancelled, always cancelled. */
public final class CancellationSignal {
    private final CountDownLatch cancelled = new CountDownLatch(1);

    public boolean isCancelled() {
        return cancelled.getCount() == 0;
    }

    /**
     * Waits until the attempt is called off or {@code timeout} passes, whichever comes first.
     *
     * @return true if it was called off
     */
    public boolean await(Duration timeout) throws InterruptedException {
        return cancelled.await(timeout.toNanos(), TimeUnit.NANOSECONDS);
    }

    void cancel() {
        cancelled.countDown();
    }
}
