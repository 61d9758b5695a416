package io.hookrelay.cli.backup;

import io.hookrelay.cli.common.CommandFailedException;

/**
 * Puts a backup in place for {@code hookrelay restore}. The command line only checks its options; opening
 * the data directory's lock and the database is storage's business, which is why this is an interface the
 * application implements.
 */
@FunctionalInterface
public interface OfflineRestore {
    /**
     * Makes the backup the data directory's database, while holding the data directory's lock so that no
     * server can start on it meanwhile, and returns once the copy is durable.
     *
     * @throws CommandFailedException with exit code 3 when a running server (or another restore) holds the
     *                                lock, or another code with the line to show for any other reason it
     *                                cannot restore (the backup is not a hookrelay database, …)
     */
    void restore(RestoreOptions options);
}
