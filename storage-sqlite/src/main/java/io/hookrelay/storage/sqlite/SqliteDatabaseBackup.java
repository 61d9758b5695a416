package io.hookrelay.storage.sqlite;

import io.hookrelay.delivery.model.DatabaseSnapshot;
import io.hookrelay.delivery.port.DatabaseBackup;
import io.hookrelay.queue.StoreException;
import io.hookrelay.storage.sqlite.files.OwnerOnlyFiles;
import java.io.IOException;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@link DatabaseBackup} by {@code VACUUM INTO} on a pooled reader: a consistent copy of one read snapshot,
 * taken while ingest and delivery carry on through the writer, which it never holds.
 *
 * <p>A snapshot is written to an owner-only temporary file in the data directory (where the database's own
 * space is) and unlinked as soon as it is open for reading: the open file stays readable, and its space is
 * given back when it is closed, whether the client read it all, broke off or the process died. A file left
 * by a process that died before it could unlink one is deleted when the next process starts, which holds
 * the data directory's lock.
 */
public final class SqliteDatabaseBackup implements DatabaseBackup {
    static final String SNAPSHOT_PREFIX = "hookrelay-snapshot-";
    static final String SNAPSHOT_SUFFIX = ".db";
    private static final Logger log = LoggerFactory.getLogger(SqliteDatabaseBackup.class);

    private final SqliteDatabase database;

    public SqliteDatabaseBackup(SqliteDatabase database) {
        this.database = Objects.requireNonNull(database, "database");
        deleteLeftoverSnapshots(database.dataDir());
    }

    @Override
    public DatabaseSnapshot snapshot() {
        Path file = null;
        try {
            // Created owner-only (0600), the mode the copy keeps: SQLite writes into an empty file as it finds it.
            file = Files.createTempFile(database.dataDir(), SNAPSHOT_PREFIX, SNAPSHOT_SUFFIX);
            vacuumInto(file);
            FileChannel content = FileChannel.open(file, StandardOpenOption.READ);
            try {
                Files.delete(file);
                return new DatabaseSnapshot(Channels.newInputStream(content), content.size());
            } catch (IOException | RuntimeException e) {
                content.close();
                throw e;
            }
        } catch (IOException e) {
            throw new StoreException("cannot take a snapshot of the database in " + database.dataDir() + ": " + e.getMessage(), e);
        } finally {
            deleteQuietly(file);
        }
    }

    @Override
    public void createDirectories(Path directory) throws IOException {
        OwnerOnlyFiles.createDirectories(directory);
    }

    /** Created {@code 0600}, then set to exactly that, so the copy can be written whatever the umask. */
    @Override
    public void createFile(Path file) throws IOException {
        OwnerOnlyFiles.createFile(file);
        OwnerOnlyFiles.restrictFile(file);
    }

    /**
     * The copy is synced to disk, with the directory entry that names it, before its size is answered,
     * because {@code VACUUM INTO} does not promise to, and a backup the operator was told about must survive
     * a power cut.
     */
    @Override
    public long copyInto(Path file) {
        Objects.requireNonNull(file, "file");
        requireEmptyFile(file);
        vacuumInto(file);
        try (FileChannel copy = FileChannel.open(file, StandardOpenOption.WRITE)) {
            copy.force(true);
            long size = copy.size();
            try (FileChannel directory = FileChannel.open(file.toAbsolutePath().getParent(), StandardOpenOption.READ)) {
                directory.force(true);
            }
            return size;
        } catch (IOException e) {
            throw new StoreException("backup " + file + " was written but could not be synced", e);
        }
    }

    /** {@code VACUUM INTO} would follow a link and write into an existing empty file; callers hand it only their own new file. */
    private static void requireEmptyFile(Path file) {
        try {
            if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS) || Files.size(file) != 0) {
                throw new IllegalArgumentException(file + " is not an empty regular file");
            }
        } catch (IOException e) {
            throw new IllegalArgumentException(file + " cannot be checked: " + e.getMessage(), e);
        }
    }

    private void vacuumInto(Path file) {
        database.read("back up to " + file, handle -> {
            handle.attach(BackupDao.class).vacuumInto(file.toString());
            return null;
        });
    }

    private static void deleteLeftoverSnapshots(Path dataDir) {
        try (DirectoryStream<Path> leftovers = Files.newDirectoryStream(dataDir, SNAPSHOT_PREFIX + "*" + SNAPSHOT_SUFFIX)) {
            for (Path leftover : leftovers) {
                Files.deleteIfExists(leftover);
                log.info("deleted {}, a snapshot left by a process that stopped while taking it", leftover);
            }
        } catch (IOException e) {
            log.warn("cannot delete leftover snapshots in {}: {}", dataDir, e.getMessage());
        }
    }

    private static void deleteQuietly(Path file) {
        if (file == null) {
            return;
        }
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            log.warn("cannot delete the snapshot file {}: {}; the next start deletes it", file, e.getMessage());
        }
    }
}
