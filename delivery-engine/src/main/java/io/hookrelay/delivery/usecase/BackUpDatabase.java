package io.hookrelay.delivery.usecase;

import io.hookrelay.delivery.model.DatabaseSnapshot;
import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Objects;

/**
 * A backup of the relay's database taken while it runs: a snapshot for the client to keep, or a copy the server
 * keeps in its backup directory. Where the database makes no backups of its own, both are refused with a
 * {@link io.hookrelay.delivery.error.ConflictException} coded {@code not_supported}.
 */
public interface BackUpDatabase {

    /** A snapshot and a file name that says when it was taken; the caller closes it. */
    Download download();

    /**
     * Writes a copy to the new file {@code path} names in the backup directory.
     *
     * @throws io.hookrelay.delivery.error.InvalidRequestException when the path is not a new file's inside it
     * @throws io.hookrelay.delivery.error.ConflictException       when the file exists
     */
    SavedBackup save(String path);

    /** A snapshot on its way to a client, under the name it is offered as. */
    record Download(String fileName, DatabaseSnapshot snapshot) implements Closeable {
        public Download {
            Objects.requireNonNull(fileName, "fileName");
            Objects.requireNonNull(snapshot, "snapshot");
        }

        @Override
        public void close() throws IOException {
            snapshot.close();
        }
    }

    /** A copy the server wrote, and its size in bytes. */
    record SavedBackup(Path file, long bytes) {
        public SavedBackup {
            Objects.requireNonNull(file, "file");
        }
    }
}
