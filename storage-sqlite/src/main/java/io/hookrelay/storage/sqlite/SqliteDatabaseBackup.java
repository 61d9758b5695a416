package io.hookrelay.storage.sqlite;

import io.hookrelay.delivery.ConflictException;
import io.hookrelay.delivery.DatabaseBackup;
import io.hookrelay.delivery.InvalidRequestException;
import io.hookrelay.queue.StoreException;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Objects;

/**
 * {@link DatabaseBackup} by {@code VACUUM INTO} on a pooled reader: a consistent copy of one snapshot, taken
 * while ingest and delivery carry on through the writer.
 */
public final class SqliteDatabaseBackup implements DatabaseBackup {
    private final SqliteDatabase database;

    public SqliteDatabaseBackup(SqliteDatabase database) {
        this.database = Objects.requireNonNull(database, "database");
    }

    /**
     * Refuses an existing file, even an empty one that {@code VACUUM INTO} would accept, and a symbolic link,
     * which it would follow: a backup never writes over anything. The copy is synced to disk before its size
     * is answered, because {@code VACUUM INTO} does not promise to, and a backup the operator was told about
     * must survive a power cut.
     */
    @Override
    public long backupTo(Path file) {
        Objects.requireNonNull(file, "file");
        if (!file.isAbsolute()) {
            throw new InvalidRequestException("backup path must be absolute: " + file);
        }
        Path directory = file.getParent();
        if (directory == null || !Files.isDirectory(directory)) {
            throw new InvalidRequestException("the directory of " + file + " does not exist");
        }
        if (Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
            throw new ConflictException("backup file already exists: " + file);
        }
        database.read("back up to " + file, handle -> {
            handle.attach(BackupDao.class).vacuumInto(file.toString());
            return null;
        });
        return syncedSize(file);
    }

    private static long syncedSize(Path file) {
        try (FileChannel copy = FileChannel.open(file, StandardOpenOption.WRITE)) {
            copy.force(true);
            return copy.size();
        } catch (IOException e) {
            throw new StoreException("backup " + file + " was written but could not be synced", e);
        }
    }
}
