package io.hookrelay.delivery.port;

/**
 * What a database's writes have cost since it was opened. {@code tasks / transactions} is the mean batch
 * size: how many writes shared one commit, and so one flush to disk.
 *
 * @param transactions write transactions committed
 * @param tasks        writes committed inside them
 * @param commitNanos  time spent committing them, mostly waiting for the disk
 * @param busyRetries  transactions begun again because the database was busy with another's
 */
public record WriteFigures(long transactions, long tasks, long commitNanos, long busyRetries) {
    public WriteFigures {
        if (transactions < 0 || tasks < 0 || commitNanos < 0 || busyRetries < 0) {
            throw new IllegalArgumentException("counts are never negative");
        }
    }
}
