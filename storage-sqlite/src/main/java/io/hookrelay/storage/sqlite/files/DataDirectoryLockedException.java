package io.hookrelay.storage.sqlite.files;

import java.nio.file.Path;
import java.util.Objects;

/**
 * Another process (or another {@code SqliteDatabase} in this one) already owns the data directory. The
 * message is the one line an operator is shown: it names the directory and the lock file that proves it.
 */
public class DataDirectoryLockedException extends RuntimeException {
    private final Path dataDir;

    public DataDirectoryLockedException(Path dataDir) {
        super("data directory " + dataDir + " is in use by another hookrelay process (lock "
                + dataDir.resolve(DataDirectoryLock.FILE_NAME) + ")");
        this.dataDir = Objects.requireNonNull(dataDir, "dataDir");
    }

    public Path dataDir() {
        return dataDir;
    }
}
