package io.hookrelay.storage.sqlite;

import io.hookrelay.queue.StoreException;
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
 */
public final class SqliteRestore {
    static final String STAGING_SUFFIX = ".restoring";
    private static final List<String> COMPANION_SUFFIXES = List.of("", "-wal", "-shm");

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
                Files.copy(backup, staging, StandardCopyOption.REPLACE_EXISTING);
                requireRestorable(staging, backup);
                force(staging);
                Optional<Path> keptAside = keepAside(database, clock);
                Files.move(staging, database, StandardCopyOption.ATOMIC_MOVE);
                force(dir);
                return keptAside;
            } catch (IOException e) {
                throw new StoreException("cannot restore " + backup + " into " + dir + ": " + e.getMessage(), e);
            } finally {
                deleteQuietly(staging);
            }
        }
    }

    private static void requireRestorable(Path copy, Path backup) {
        SQLiteConfig readOnly = new SQLiteConfig();
        readOnly.setReadOnly(true);
        try (Connection connection = readOnly.createConnection("jdbc:sqlite:" + copy);
             Statement statement = connection.createStatement()) {
            try (ResultSet check = statement.executeQuery("PRAGMA quick_check")) {
                if (!check.next() || !"ok".equals(check.getString(1))) {
                    throw new InvalidBackupException(backup + " is damaged: SQLite's quick_check did not pass", null);
                }
            }
            int version;
            try (ResultSet migrations = statement.executeQuery("SELECT coalesce(max(version), 0) FROM schema_migrations")) {
                version = migrations.next() ? migrations.getInt(1) : 0;
            }
            if (version < 1) {
                throw new InvalidBackupException(backup + " is not a hookrelay database: it has no schema version", null);
            }
            if (version > Migrations.latestVersion()) {
                throw new IncompatibleDatabaseException(backup, version, Migrations.latestVersion());
            }
        } catch (SQLException e) {
            throw new InvalidBackupException(backup + " is not a hookrelay database (" + e.getMessage() + ")", e);
        }
    }

    private static Optional<Path> keepAside(Path database, Clock clock) throws IOException {
        if (!Files.exists(database)) {
            return Optional.empty();
        }
        String suffix = ".replaced-" + clock.millis();
        for (String companion : COMPANION_SUFFIXES) {
            Path file = database.resolveSibling(database.getFileName() + companion);
            if (Files.exists(file)) {
                Files.move(file, database.resolveSibling(database.getFileName() + suffix + companion), StandardCopyOption.ATOMIC_MOVE);
            }
        }
        return Optional.of(database.resolveSibling(database.getFileName() + suffix));
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
