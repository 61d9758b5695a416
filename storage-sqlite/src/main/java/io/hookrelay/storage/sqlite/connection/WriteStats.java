package io.hookrelay.storage.sqlite.connection;

/**
 * What the writer has committed so far. {@code tasks / transactions} is the mean group-commit batch size:
 * how many callers shared one {@code COMMIT}, and so one fsync.
 *
 * @param transactions write transactions committed
 * @param tasks        write calls whose results those transactions committed
 * @param commitNanos  time spent in {@code COMMIT}, which with {@code synchronous=FULL} is mostly the fsync:
 *                     the disk's share of every write
 */
public record WriteStats(long transactions, long tasks, long commitNanos) {
    public WriteStats {
        if (transactions < 0 || tasks < 0 || commitNanos < 0) {
            throw new IllegalArgumentException("counts are never negative");
        }
    }
}
