package io.hookrelay.queue.testing;

import java.time.Duration;
import java.util.function.BooleanSupplier;

/**
 * Waits for a condition that other threads bring about, checking it often until a deadline. The deadline
 * is a liveness bound (generous, so a slow machine does not fail the test), never a speed target.
 */
public final class Await {
    private static final long POLL_MILLIS = 5;

    private Await() {
    }

    /** Returns as soon as {@code condition} holds; fails the test if it does not within {@code timeout}. */
    public static void until(String description, Duration timeout, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("timed out after " + timeout + " waiting for: " + description);
            }
            Thread.sleep(POLL_MILLIS);
        }
    }
}
