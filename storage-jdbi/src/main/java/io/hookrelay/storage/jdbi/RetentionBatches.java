package io.hookrelay.storage.jdbi;

/**
 * How many rows one call of a retention store finds or deletes: far above a sensible batch, far below
 * SQLite's limit on bound parameters in one statement, and short enough a transaction on PostgreSQL.
 */
public final class RetentionBatches {
    public static final int MAX = 10_000;

    private RetentionBatches() {
    }

    /** @throws IllegalArgumentException unless {@code 1 <= size <= MAX} */
    public static void require(int size) {
        if (size < 1 || size > MAX) {
            throw new IllegalArgumentException("a retention batch holds 1 to " + MAX + " rows: " + size);
        }
    }
}
