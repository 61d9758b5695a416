package io.hookrelay.delivery.admin;

import io.hookrelay.delivery.DatabaseBackup;
import io.hookrelay.delivery.DatabaseSnapshot;
import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Objects;

/**
 * Operators' backups, taken while the relay runs: a snapshot handed to the client to keep wherever it likes
 * ({@code GET /api/v1/admin/backup}), or a copy the server keeps, only ever in its {@link BackupDirectory}.
 */
public final class BackupAdmin {
    private static final DateTimeFormatter FILE_NAME_TIME =
            DateTimeFormatter.ofPattern("uuuuMMdd'T'HHmmss'Z'").withZone(ZoneOffset.UTC);

    private final DatabaseBackup backup;
    private final BackupDirectory directory;
    private final Clock clock;

    public BackupAdmin(DatabaseBackup backup, BackupDirectory directory, Clock clock) {
        this.backup = Objects.requireNonNull(backup, "backup");
        this.directory = Objects.requireNonNull(directory, "directory");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** A snapshot and a file name for it that says when it was taken; the caller closes it. */
    public Download download() {
        String fileName = "hookrelay-" + FILE_NAME_TIME.format(clock.instant()) + ".db";
        return new Download(fileName, backup.snapshot());
    }

    /**
     * Writes a copy to the new file {@code path} names in the backup directory.
     *
     * @throws io.hookrelay.delivery.InvalidRequestException when the path is not a new file's inside it
     * @throws io.hookrelay.delivery.ConflictException       when the file exists
     */
    public SavedBackup save(String path) {
        Path file = directory.createFile(path);
        try {
            return new SavedBackup(file, backup.copyInto(file));
        } catch (RuntimeException e) {
            deleteAfterFailure(file, e);
            throw e;
        }
    }

    /** A snapshot on its way to a client, under the name it is offered as. */
    public record Download(String fileName, DatabaseSnapshot snapshot) implements Closeable {
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
    public record SavedBackup(Path file, long bytes) {
        public SavedBackup {
            Objects.requireNonNull(file, "file");
        }
    }

    /** A copy that failed halfway must not be left looking like a backup. */
    private static void deleteAfterFailure(Path file, RuntimeException failure) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            failure.addSuppressed(e);
        }
    }
}
