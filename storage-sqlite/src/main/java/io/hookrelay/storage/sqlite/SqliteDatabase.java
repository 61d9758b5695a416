package io.hookrelay.storage.sqlite;

import io.hookrelay.queue.AttemptRecord;
import io.hookrelay.queue.AttemptRecord.Abandonment;
import io.hookrelay.queue.ClaimRef;
import io.hookrelay.queue.Intent;
import io.hookrelay.queue.QueueListener;
import io.hookrelay.queue.StoreException;
import io.hookrelay.storage.jdbi.AttemptRowMapper;
import io.hookrelay.storage.jdbi.IntentRowMapper;
import io.hookrelay.storage.sqlite.connection.AttachedHandle;
import io.hookrelay.storage.sqlite.connection.ReaderPool;
import io.hookrelay.storage.sqlite.connection.ReusedStatements;
import io.hookrelay.storage.sqlite.connection.SqliteConnections;
import io.hookrelay.storage.sqlite.connection.SqliteErrors;
import io.hookrelay.storage.sqlite.connection.SqliteWriter;
import io.hookrelay.storage.sqlite.connection.WriteStats;
import io.hookrelay.storage.sqlite.files.DataDirectoryLock;
import io.hookrelay.storage.sqlite.files.DataDirectoryLockedException;
import io.hookrelay.storage.sqlite.files.NativeLibraryDirectory;
import io.hookrelay.storage.sqlite.files.OwnerOnlyFiles;
import io.hookrelay.storage.sqlite.schema.DatabaseProbe;
import io.hookrelay.storage.sqlite.schema.ForeignDatabaseException;
import io.hookrelay.storage.sqlite.schema.IncompatibleDatabaseException;
import io.hookrelay.storage.sqlite.schema.MigrationTrack;
import io.hookrelay.storage.sqlite.schema.Migrations;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import javax.sql.DataSource;
import org.jdbi.v3.core.Jdbi;
import org.jdbi.v3.core.statement.StatementExceptions;
import org.jdbi.v3.sqlobject.SqlObjectPlugin;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One open hookrelay data directory: its lock, its database, the single writer and a small pool of
 * readers. Stores for the various ports are built on it and share it.
 *
 * <p>Opened by {@link #open}, it has the queue's tables only, all {@link SqliteIntentStore} needs: an
 * application embedding the queue gets no relay table and needs no delivery-engine. The relay opens it
 * through {@link SqliteRelayDatabase}, which adds its own tables and its key; nothing here refers to them.
 *
 * <p>Reads run on pooled connections outside any write transaction (WAL gives each its own snapshot);
 * writes go through the writer, which batches concurrent ones into one transaction.
 */
public final class SqliteDatabase implements AutoCloseable {
    public static final String DATABASE_FILE = "hookrelay.db";
    static final int MAX_READERS = 4;

    private static final Logger log = LoggerFactory.getLogger(SqliteDatabase.class);
    private static final Duration READER_WAIT = Duration.ofSeconds(10);

    private final Path dataDir;
    private final Path databaseFile;
    private final DataDirectoryLock lock;
    /** Free space that tells, after a full disk, that writes can go on: a few batches' worth of the log. */
    private static final long ROOM_AFTER_A_FULL_DISK = 1024L * 1024;

    private final SqliteWriter writer;
    private final ReaderPool readers;
    private final Object pausing = new Object();
    private final List<QueueListener> intentListeners = new CopyOnWriteArrayList<>();
    private final Clock clock;
    private volatile boolean closed;

    private SqliteDatabase(Path dataDir, DataDirectoryLock lock, SqliteWriter writer, ReaderPool readers, Clock clock) {
        this.dataDir = dataDir;
        this.databaseFile = dataDir.resolve(DATABASE_FILE);
        this.lock = lock;
        this.writer = writer;
        this.readers = readers;
        this.clock = clock;
    }

    /**
     * Creates the directory if needed (owner-only, see {@link OwnerOnlyFiles}), takes
     * {@code <dataDir>/hookrelay.lock} for the life of the object, has SQLite's native library unpacked into
     * {@code <dataDir>/sqlite-native} (see {@link NativeLibraryDirectory}), checks that
     * {@code <dataDir>/hookrelay.db} is hookrelay's (or new), narrows the modes of whatever is in the directory
     * to its owner, applies the queue's migrations, and makes {@code running} intents pending again, claimable
     * at once (restart recovery). A directory the relay uses opens too; its relay tables are left as they are.
     *
     * @throws DataDirectoryLockedException   when another process, or another open database in this one,
     *                                        holds the directory
     * @throws IncompatibleDatabaseException when a newer hookrelay has migrated the database
     * @throws ForeignDatabaseException      when the database file is some other program's
     * @throws StoreException                 when the directory or database cannot be used
     */
    public static SqliteDatabase open(Path dataDir) {
        return open(dataDir, Clock.systemUTC());
    }

    /** {@link #open(Path)}, with the clock that stamps when migrations were applied and restart recovery ran. */
    public static SqliteDatabase open(Path dataDir, Clock clock) {
        return open(dataDir, clock, SqliteOpening.QUEUE);
    }

    static SqliteDatabase open(Path dataDir, Clock clock, SqliteOpening opening) {
        Objects.requireNonNull(clock, "clock");
        Path dir = realDirectory(Objects.requireNonNull(dataDir, "dataDir"));
        Deque<AutoCloseable> opened = new ArrayDeque<>();
        try {
            DataDirectoryLock lock = DataDirectoryLock.acquire(dir);
            opened.push(lock);
            int leftOver = NativeLibraryDirectory.claim(dir);
            if (leftOver > 0) {
                log.info("removed {} file(s) of SQLite's native library left by processes that were killed", leftOver);
            }
            Path databaseFile = dir.resolve(DATABASE_FILE);
            DatabaseProbe probe = probe(databaseFile, opening.tracks());
            List<String> tightened = OwnerOnlyFiles.tighten(dir);
            if (!tightened.isEmpty()) {
                log.warn("made {} readable by its owner only: {}", dir, String.join(", ", tightened));
            }
            opening.beforeWriting(dir, databaseFile, probe);
            SqliteConnections connections = new SqliteConnections(databaseFile);
            Jdbi jdbi = jdbi(connections, opening);
            SqliteWriter writer = new SqliteWriter(jdbi::open, databaseFile.toString());
            opened.push(writer);
            int applied = writer.write("migrate", handle -> Migrations.apply(handle.handle(), databaseFile, clock.instant(),
                    opening.tracks()));
            if (applied > 0) {
                log.info("applied {} schema migration(s) to {}", applied, databaseFile);
            }
            opening.afterMigrating(writer, connections, probe);
            long now = clock.instant().toEpochMilli();
            int released = writer.write("recover", handle -> {
                IntentDao intents = handle.attach(IntentDao.class);
                intents.logAllAbandoned(now, Abandonment.PROCESS_STOPPED.why());
                return intents.releaseAllClaims(now);
            });
            log.info("restart recovery: {} running intent(s) in {} made pending again", released, databaseFile);
            ReaderPool readers = new ReaderPool(jdbi::open, MAX_READERS, READER_WAIT);
            opened.push(readers);
            return new SqliteDatabase(dir, lock, writer, readers, clock);
        } catch (RuntimeException e) {
            closeAll(opened, e);
            throw SqliteErrors.translate("open " + dir.resolve(DATABASE_FILE), e);
        } catch (Error e) {
            // Such as sqlite-jdbc's UnsatisfiedLinkError: the directory's lock must not outlive the failed open.
            closeAll(opened, e);
            throw e;
        }
    }

    /** The file is created owner-only before SQLite first opens it, so its {@code -wal} and {@code -shm} are too. */
    private static DatabaseProbe probe(Path databaseFile, List<MigrationTrack> tracks) {
        try {
            OwnerOnlyFiles.file(databaseFile);
        } catch (IOException e) {
            throw new StoreException("cannot create " + databaseFile, e);
        }
        return DatabaseProbe.of(databaseFile, tracks);
    }

    public Path dataDir() {
        return dataDir;
    }

    /**
     * For readiness: whether a write transaction can be begun and committed right now, and, after a write failed for a
     * full disk, whether its file system has room again (the next write that commits confirms it). Never throws.
     */
    public boolean isWritable() {
        try {
            write("probe writability", handle -> null);
        } catch (RuntimeException e) {
            return false;
        }
        return !writer.isDiskFull() || hasRoom();
    }

    private boolean hasRoom() {
        return hasRoom(dataDir);
    }

    /**
     * Whether the disk holding {@code dataDir} (or, before it is made, its nearest existing parent) has room for
     * writes to go on: false on a full disk, on which SQLite cannot even open the database (its shared-memory file
     * and native library need space).
     */
    public static boolean hasRoom(Path dataDir) {
        Path existing = dataDir.toAbsolutePath();
        while (existing.getParent() != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        try {
            return Files.getFileStore(existing).getUsableSpace() >= ROOM_AFTER_A_FULL_DISK;
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * Held while a pause or a resume walks its chunks: two of them interleaving on one pair could leave
     * intents held with no pause to release them. Per database, not per store, as any number of stores
     * may share it.
     */
    Object pausing() {
        return pausing;
    }

    /**
     * Those told of intent writes the stores make through {@link SqliteIntentStore#write}. Per database, not per
     * store, as each relay store writes through an intent store of its own.
     */
    List<QueueListener> intentListeners() {
        return intentListeners;
    }

    /** How much the writer's group commit has batched so far. */
    public WriteStats writeStats() {
        return writer.stats();
    }

    /**
     * The size of {@code hookrelay.db} on disk. Deleting rows does not shrink it: SQLite keeps the freed pages
     * and fills them before it grows the file again.
     *
     * @throws StoreException when the size cannot be read
     */
    public long databaseBytes() {
        return sizeOf(databaseFile);
    }

    /**
     * The size of the write-ahead log, {@code hookrelay.db-wal}: commits not yet copied into the database
     * file, plus room kept from earlier ones; 0 when there is none. A log that keeps growing means something
     * holds a read open and keeps checkpoints from catching up.
     *
     * @throws StoreException when the size cannot be read
     */
    public long walBytes() {
        return sizeOf(databaseFile.resolveSibling(databaseFile.getFileName() + "-wal"));
    }

    /** Idempotent. Calls in flight and later calls fail with a {@link StoreException}. */
    @Override
    public void close() {
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
        }
        Deque<AutoCloseable> parts = new ArrayDeque<>();
        parts.push(lock);
        parts.push(writer);
        parts.push(readers);
        StoreException failure = new StoreException("closing " + databaseFile + " failed", null);
        closeAll(parts, failure);
        if (failure.getSuppressed().length > 0) {
            throw failure;
        }
    }

    /** Runs {@code work} in a write transaction, possibly shared with others; see {@link SqliteWriter#write}. */
    <T> T write(String operation, Function<AttachedHandle, T> work) {
        return writer.write(operation, work);
    }

    /** {@link #write} without waiting; see {@link SqliteWriter#submit}. */
    <T> CompletableFuture<T> submit(String operation, Function<AttachedHandle, T> work) {
        return writer.submit(operation, work);
    }

    /**
     * Runs {@code work} on a pooled reader in autocommit mode, so it sees the last commit and holds no
     * snapshot (which would keep the WAL from being checkpointed) once it returns.
     */
    <T> T read(String operation, Function<AttachedHandle, T> work) {
        if (closed) {
            throw new StoreException("database " + databaseFile + " is closed", null);
        }
        try {
            return readers.read(work);
        } catch (RuntimeException e) {
            throw SqliteErrors.translate(operation, e);
        }
    }

    SqliteWriter writer() {
        return writer;
    }

    ReaderPool readers() {
        return readers;
    }

    Path databaseFile() {
        return databaseFile;
    }

    Clock clock() {
        return clock;
    }

    private static long sizeOf(Path file) {
        try {
            return Files.size(file);
        } catch (NoSuchFileException e) {
            return 0;
        } catch (IOException e) {
            throw new StoreException("cannot read the size of " + file, e);
        }
    }

    static Path realDirectory(Path dataDir) {
        try {
            return OwnerOnlyFiles.directory(dataDir).toRealPath();
        } catch (IOException e) {
            throw new StoreException("cannot create data directory " + dataDir, e);
        }
    }

    /**
     * Bound arguments are payloads: JDBI must not render them (or the SQL) into exception messages. The
     * row mappers are registered here rather than by annotation because JDBI can only instantiate public
     * classes from annotations, and the mappers are this package's business.
     */
    private static Jdbi jdbi(DataSource dataSource, SqliteOpening opening) {
        Jdbi jdbi = Jdbi.create(dataSource)
                .installPlugin(new SqlObjectPlugin())
                .registerRowMapper(Intent.class, new IntentRowMapper())
                .registerRowMapper(AttemptRecord.class, new AttemptRowMapper())
                .registerRowMapper(ClaimRef.class, (row, context) -> new ClaimRef(row.getString("id"), row.getString("claim_token")));
        opening.configure(jdbi);
        jdbi.getConfig(StatementExceptions.class).setMessageRendering(StatementExceptions.MessageRendering.NONE);
        jdbi.setStatementBuilderFactory(ReusedStatements.FACTORY);
        return jdbi;
    }

    /** Closes most recently opened first; failures are added to {@code failure} as suppressed. */
    private static void closeAll(Deque<AutoCloseable> parts, Throwable failure) {
        while (!parts.isEmpty()) {
            try {
                parts.pop().close();
            } catch (Exception e) {
                failure.addSuppressed(e);
            }
        }
    }
}
