package io.hookrelay.http;

import java.util.concurrent.atomic.AtomicLong;

/**
 * How many bytes of request bodies the server holds in memory at once, between their first byte and their
 * answer. Without a bound, clients that each start a large body and never finish it fill the heap. A body that would pass the bound is refused
 * with {@code 503} instead of read. Bodies over {@link #LARGE_BODY_BYTES} may fill only half of it, so a crowd of
 * large unfinished bodies still leaves room for the small ones nearly every webhook has.
 */
final class BodyBudget {
    /** Far above what legitimate traffic holds at once (a thousand 64 KiB webhooks in flight are 64 MiB). */
    static final long DEFAULT_BYTES = 128L * 1024 * 1024;
    static final long LARGE_BODY_BYTES = 1024L * 1024;

    private final long bytes;
    private final AtomicLong held = new AtomicLong();

    BodyBudget(long bytes) {
        if (bytes < 2 * LARGE_BODY_BYTES) {
            throw new IllegalArgumentException("a body budget needs room for two large bodies, not " + bytes + " bytes");
        }
        this.bytes = bytes;
    }

    /**
     * Takes {@code more} bytes for a body that holds {@code alreadyHeld} so far.
     *
     * @return false, taking nothing, when they would pass the bound for a body of that size
     */
    boolean take(long alreadyHeld, long more) {
        long bound = alreadyHeld + more > LARGE_BODY_BYTES ? bytes / 2 : bytes;
        long before;
        do {
            before = held.get();
            if (before + more > bound) {
                return false;
            }
        } while (!held.compareAndSet(before, before + more));
        return true;
    }

    void give(long taken) {
        held.addAndGet(-taken);
    }

    long held() {
        return held.get();
    }
}
