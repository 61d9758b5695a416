package io.hookrelay.queue;

import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Threads for pools that must never keep the JVM alive on their own: the owner stops them in an orderly way
 * when it can, and a JVM that is exiting for another reason should not wait for them. Each thread is named
 * after its pool and numbered, so a thread dump or a per-thread CPU profile says whose it is.
 */
public final class DaemonThreads {
    private DaemonThreads() {
    }

    /** A factory whose threads are daemons named {@code prefix} followed by 1, 2, 3 and so on. */
    public static ThreadFactory named(String prefix) {
        AtomicInteger counter = new AtomicInteger();
        return runnable -> {
            Thread thread = new Thread(runnable, prefix + counter.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
    }
}
