package io.hookrelay.delivery.admin;

import io.hookrelay.delivery.error.ConflictException;
import io.hookrelay.delivery.port.DatabaseBackup;
import io.hookrelay.delivery.usecase.BackUpDatabase;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Objects;
import java.util.Optional;

/**
 * Operators' backups, taken while the relay runs: a snapshot handed to the client to keep wherever it likes
 * ({@code GET /api/v1/admin/backup}), or a copy the server keeps, only ever in its {@link BackupDirectory}.
 * A database that makes no backups of its own has both refused, coded {@code not_supported}, with what to
 * use instead.
 */
public final class BackupAdmin implements BackUpDatabase {
    private static final DateTimeFormatter FILE_NAME_TIME =
            DateTimeFormatter.ofPattern("uuuuMMdd'T'HHmmss'Z'").withZone(ZoneOffset.UTC);

    static final String NOT_SUPPORTED = "not_supported";
    static final String USE_THE_DATABASE_S_TOOLS = "this server's database is not backed up through hookrelay; "
            + "use the database's own tools (pg_dump, or continuous archiving for point-in-time recovery)";

    private final Optional<DatabaseBackup> backup;
    private final BackupDirectory directory;
    private final Clock clock;

    /** @param backup the database's own copies; none refuses every backup */
    public BackupAdmin(Optional<DatabaseBackup> backup, BackupDirectory directory, Clock clock) {
        this.backup = Objects.requireNonNull(backup, "backup");
        this.directory = Objects.requireNonNull(directory, "directory");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /**
     * A snapshot and a file name for it that says when it was taken; the caller closes it.
     *
     * @throws ConflictException when the database makes no backups of its own
     */
    public Download download() {
        DatabaseBackup offered = offered();
        String fileName = "hookrelay-" + FILE_NAME_TIME.format(clock.instant()) + ".db";
        return new Download(fileName, offered.snapshot());
    }

    /**
     * Writes a copy to the new file {@code path} names in the backup directory.
     *
     * @throws io.hookrelay.delivery.error.InvalidRequestException when the path is not a new file's inside it
     * @throws ConflictException                            when the file exists, or the database makes no backups
     *                                                       of its own (checked first: nothing is created then)
     */
    public SavedBackup save(String path) {
        DatabaseBackup offered = offered();
        Path file = directory.createFile(path, offered);
        try {
            return new SavedBackup(file, offered.copyInto(file));
        } catch (RuntimeException e) {
            deleteAfterFailure(file, e);
            throw e;
        }
    }

    private DatabaseBackup offered() {
        return backup.orElseThrow(() -> new ConflictException(NOT_SUPPORTED, USE_THE_DATABASE_S_TOOLS));
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
