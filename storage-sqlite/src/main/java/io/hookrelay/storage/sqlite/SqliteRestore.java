package io.hookrelay.storage.sqlite;

import io.hookrelay.queue.StoreException;
import io.hookrelay.storage.sqlite.files.DataDirectoryLock;
import io.hookrelay.storage.sqlite.files.DataDirectoryLockedException;
import io.hookrelay.storage.sqlite.files.OwnerOnlyFiles;
import io.hookrelay.storage.sqlite.schema.IncompatibleDatabaseException;
import io.hookrelay.storage.sqlite.schema.InvalidBackupException;
import io.hookrelay.storage.sqlite.schema.QueueMigrations;
import io.hookrelay.storage.sqlite.schema.RelayMigrations;
import io.hookrelay.storage.sqlite.schema.SchemaRecord;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.sqlite.SQLiteConfig;

/**
 * Makes a backup the database of a data directory no server is using.
 *
 * <p>The directory's lock is held throughout, so a server cannot start halfway through. The backup is
 * first copied next to the database and checked there (it must be an intact hookrelay database this
 * version can run), so a bad backup leaves the current database untouched. The database it replaces is
 * kept beside it, together with its {@code -wal} and {@code -shm} files: a WAL file holds committed
 * transactions the main file does not, and left next to a different main file it would be replayed into
 * it. Only then is the checked copy renamed into place, atomically, and the directory synced.
 *
 * <p>For the same reason a backup is read the way SQLite reads it: together with the {@code -wal} beside
 * it, if there is one. A copy taken by hand after a crash, or the database a previous restore kept
 * aside, has acknowledged events in its {@code -wal} only; the staged copy takes that file along and
 * folds it in (a checkpoint) before it is checked, so what is renamed into place is one self-contained
 * file. A {@code -shm} is never copied: it is only an index of its {@code -wal}, rebuilt from it.
 *
 * <p>The copy is made as the umask says; once in place it is narrowed to its owner, as everything in the
 * directory is (see {@link OwnerOnlyFiles}).
 */
public final class SqliteRestore {
    static final String STAGING_SUFFIX = ".restoring";
    private static final String WAL_SUFFIX = "-wal";
    private static final List<String> COMPANION_SUFFIXES = List.of("", WAL_SUFFIX, "-shm");

    private SqliteRestore() {
    }

    /**
     * @return where the replaced database was kept, when there was one
     * @throws DataDirectoryLockedException   when a server (or another restore) holds the directory
     * @throws IncompatibleDatabaseException when the backup was written by a newer hookrelay
     * @throws InvalidBackupException        when the backup is not an intact hookrelay database
     * @throws StoreException                 when the copy cannot be made
     */
    public static Optional<Path> restore(Path backup, Path dataDir, Clock clock) {
        Objects.requireNonNull(backup, "backup");
        Path dir = SqliteDatabase.realDirectory(Objects.requireNonNull(dataDir, "dataDir"));
        try (DataDirectoryLock lock = DataDirectoryLock.acquire(dir)) {
            Path database = dir.resolve(SqliteDatabase.DATABASE_FILE);
            Path staging = dir.resolve(SqliteDatabase.DATABASE_FILE + STAGING_SUFFIX);
            try {
                stage(backup, staging);
                requireRestorable(staging, backup);
                force(staging);
                Optional<Path> keptAside = keepAside(database, clock);
                Files.move(staging, database, StandardCopyOption.ATOMIC_MOVE);
                OwnerOnlyFiles.tighten(dir);
                force(dir);
                return keptAside;
            } catch (IOException e) {
                throw new StoreException("cannot restore " + backup + " into " + dir + ": " + e.getMessage(), e);
            } finally {
                COMPANION_SUFFIXES.forEach(companion -> deleteQuietly(companionOf(staging, companion)));
            }
        }
    }

    /**
     * Copies the backup and its {@code -wal}, if it has one, to the staging name, after removing whatever a
     * restore that died left there: a stale {@code -wal} or {@code -shm} beside the staged copy would be
     * taken for its own.
     */
    private static void stage(Path backup, Path staging) throws IOException {
        for (String companion : COMPANION_SUFFIXES) {
            Files.deleteIfExists(companionOf(staging, companion));
        }
        Files.copy(backup, staging, StandardCopyOption.REPLACE_EXISTING);
        Path wal = companionOf(backup, WAL_SUFFIX);
        if (Files.exists(wal)) {
            Files.copy(wal, companionOf(staging, WAL_SUFFIX));
        }
    }

    /**
     * Checks the staged copy with its {@code -wal} and then checkpoints that into it, which is why the
     * connection is not read-only: it is the staged copy, never the backup itself, that is written.
     */
    private static void requireRestorable(Path copy, Path backup) {
        try (Connection connection = new SQLiteConfig().createConnection("jdbc:sqlite:" + copy);
             Statement statement = connection.createStatement()) {
            try (ResultSet check = statement.executeQuery("PRAGMA quick_check")) {
                if (!check.next() || !"ok".equals(check.getString(1))) {
                    throw new InvalidBackupException(backup + " is damaged: SQLite's quick_check did not pass", null);
                }
            }
            SchemaRecord schema = SchemaRecord.read(connection);
            if (schema.isNew()) {
                throw new InvalidBackupException(backup + " is not a hookrelay database: it has no schema version", null);
            }
            schema.requireKnown(backup, List.of(QueueMigrations.TRACK, RelayMigrations.TRACK));
            foldInWal(statement, backup);
        } catch (SQLException e) {
            throw new InvalidBackupException(backup + " is not a hookrelay database (" + e.getMessage() + ")", e);
        }
    }

    /**
     * Moves every transaction of the {@code -wal} into the main file. Nothing else has the staged copy open,
     * so the checkpoint cannot be kept from finishing; if it did not finish, renaming the main file into
     * place without its {@code -wal} would lose transactions, so the restore stops instead.
     */
    private static void foldInWal(Statement statement, Path backup) throws SQLException {
        try (ResultSet checkpoint = statement.executeQuery("PRAGMA wal_checkpoint(TRUNCATE)")) {
            boolean complete = checkpoint.next() && checkpoint.getInt(1) == 0 && checkpoint.getInt(2) == checkpoint.getInt(3);
            if (!complete) {
                throw new StoreException("cannot restore " + backup + ": its -wal could not be folded into the database", null);
            }
        }
    }

    private static Optional<Path> keepAside(Path database, Clock clock) throws IOException {
        if (!Files.exists(database)) {
            return Optional.empty();
        }
        String suffix = ".replaced-" + clock.millis();
        Path keptAside = database.resolveSibling(database.getFileName() + suffix);
        for (String companion : COMPANION_SUFFIXES) {
            Path file = companionOf(database, companion);
            if (Files.exists(file)) {
                Files.move(file, companionOf(keptAside, companion), StandardCopyOption.ATOMIC_MOVE);
            }
        }
        return Optional.of(keptAside);
    }

    /** {@code database} itself for {@code ""}, else the file SQLite keeps beside it under that suffix. */
    private static Path companionOf(Path database, String suffix) {
        return database.resolveSibling(database.getFileName() + suffix);
    }

    private static void force(Path path) throws IOException {
        try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ)) {
            channel.force(true);
        }
    }

    private static void deleteQuietly(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException ignored) {
            // Only a leftover of a failed restore; the next restore replaces it.
        }
    }
}
