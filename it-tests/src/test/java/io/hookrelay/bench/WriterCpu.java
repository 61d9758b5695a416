package io.hookrelay.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.List;

/**
 * CPU time of the one thread an open {@code SqliteDatabase} writes on. SQLite writes a database from one
 * connection at a time, so this thread's CPU per write bounds a store's rate however many cores there are.
 */
final class WriterCpu {
    private static final String WRITER_THREAD = "hookrelay-sqlite-writer";
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    /** A store's rate, and what it cost the writer thread. */
    record Rate(double perSecond, double writerMicrosEach) {
        /** The most any number of callers could get from one core spent writing. */
        double oneCoreCeiling() {
            return 1_000_000 / writerMicrosEach;
        }
    }

    private final long threadId;
    private final long startedNanos;

    private WriterCpu(long threadId) {
        this.threadId = threadId;
        this.startedNanos = THREADS.getThreadCpuTime(threadId);
    }

    /** Starts counting; exactly one database may be open in this JVM. */
    static WriterCpu start() {
        List<Thread> writers = Thread.getAllStackTraces().keySet().stream()
                .filter(thread -> thread.getName().equals(WRITER_THREAD))
                .toList();
        if (writers.size() != 1) {
            throw new IllegalStateException("expected one thread named " + WRITER_THREAD + ", found " + writers.size());
        }
        return new WriterCpu(writers.get(0).getId());
    }

    Rate rate(long writes, long elapsedNanos) {
        double micros = (THREADS.getThreadCpuTime(threadId) - startedNanos) / 1_000.0 / writes;
        return new Rate(writes / SqliteLimit.seconds(elapsedNanos), micros);
    }
}
