package io.hookrelay.storage.sqlite;

import java.nio.file.Path;
import java.util.Objects;

/** Another process (or another {@link SqliteDatabase} in this one) already owns the data directory. */
public class DataDirectoryLockedException extends RuntimeException {
    private final Path dataDir;

    public DataDirectoryLockedException(Path dataDir) {
        super("data directory " + dataDir + " is in use by another hookrelay (" + DataDirectoryLock.FILE_NAME
                + " is locked)");
        this.dataDir = Objects.requireNonNull(dataDir, "dataDir");
    }

    public Path dataDir() {
        return dataDir;
    }
}
