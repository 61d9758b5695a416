package io.hookrelay.storage.sqlite.files;

import io.hookrelay.queue.StoreException;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * An OS lock on {@code <dataDir>/hookrelay.lock}, held for as long as the database is open. It is what
 * lets restart recovery treat every {@code running} row as abandoned: while we hold it, no other process
 * can be working on them. The OS drops it when the process dies, however it dies.
 *
 * <p>Directories locked by this JVM are also remembered in memory and a second attempt is refused
 * without touching the file: the OS lock is per process, and on Linux closing <em>any</em> channel on
 * the lock file (such as the one a refused second attempt would open) silently releases the lock the
 * first channel holds.
 */
public final class DataDirectoryLock implements AutoCloseable {
    static final String FILE_NAME = "hookrelay.lock";

    private static final Set<Path> HELD_IN_THIS_JVM = ConcurrentHashMap.newKeySet();

    private final Path dataDir;
    private final FileChannel channel;
    private final FileLock lock;

    private DataDirectoryLock(Path dataDir, FileChannel channel, FileLock lock) {
        this.dataDir = dataDir;
        this.channel = channel;
        this.lock = lock;
    }

    /**
     * @param dataDir an existing directory, as a real path, so that two spellings of it are one key
     * @throws DataDirectoryLockedException when this or another process holds it
     */
    public static DataDirectoryLock acquire(Path dataDir) {
        if (!HELD_IN_THIS_JVM.add(dataDir)) {
            throw new DataDirectoryLockedException(dataDir);
        }
        try {
            return lockFile(dataDir);
        } catch (RuntimeException e) {
            HELD_IN_THIS_JVM.remove(dataDir);
            throw e;
        }
    }

    private static DataDirectoryLock lockFile(Path dataDir) {
        Path file = dataDir.resolve(FILE_NAME);
        FileChannel channel;
        try {
            channel = FileChannel.open(file, Set.of(StandardOpenOption.CREATE, StandardOpenOption.WRITE), OwnerOnlyFiles.fileMode());
        } catch (IOException e) {
            throw new StoreException("cannot open lock file " + file, e);
        }
        try {
            FileLock lock = channel.tryLock();
            if (lock == null) {
                closeQuietly(channel);
                throw new DataDirectoryLockedException(dataDir);
            }
            return new DataDirectoryLock(dataDir, channel, lock);
        } catch (OverlappingFileLockException e) {
            closeQuietly(channel);
            throw new DataDirectoryLockedException(dataDir);
        } catch (IOException e) {
            closeQuietly(channel);
            throw new StoreException("cannot lock " + file, e);
        }
    }

    @Override
    public void close() {
        try {
            lock.release();
            channel.close();
        } catch (IOException e) {
            throw new StoreException("cannot release the lock on data directory " + dataDir, e);
        } finally {
            HELD_IN_THIS_JVM.remove(dataDir);
        }
    }

    private static void closeQuietly(FileChannel channel) {
        try {
            channel.close();
        } catch (IOException suppressed) {
            // The lock was not taken; there is nothing left to release.
        }
    }
}
