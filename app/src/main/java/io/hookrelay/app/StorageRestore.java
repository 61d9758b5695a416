package io.hookrelay.app;

import io.hookrelay.cli.backup.OfflineRestore;
import io.hookrelay.cli.backup.RestoreOptions;
import io.hookrelay.cli.common.CommandFailedException;
import io.hookrelay.storage.sqlite.SqliteRestore;
import io.hookrelay.storage.sqlite.files.DataDirectoryLockedException;
import io.hookrelay.storage.sqlite.schema.IncompatibleDatabaseException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** {@code hookrelay restore}, on SQLite, with the same exit codes {@code serve} uses for the same problems. */
final class StorageRestore implements OfflineRestore {
    private static final Logger log = LoggerFactory.getLogger(StorageRestore.class);

    @Override
    public void restore(RestoreOptions options) {
        try {
            Optional<Path> keptAside = SqliteRestore.restore(options.from(), options.dataDir(), Clock.systemUTC());
            keptAside.ifPresent(previous -> log.info("the database it replaced is kept as {}", previous));
        } catch (DataDirectoryLockedException e) {
            throw new CommandFailedException(StartupFailures.DATA_DIR_LOCKED, e.getMessage() + "; stop the server first", e);
        } catch (IncompatibleDatabaseException e) {
            throw new CommandFailedException(StartupFailures.INCOMPATIBLE_DATABASE, e.getMessage(), e);
        } catch (RuntimeException e) {
            // InvalidBackupException (not a hookrelay database, damaged) and I/O failures alike
            throw new CommandFailedException(StartupFailures.OTHER, "cannot restore: " + e.getMessage(), e);
        }
    }
}
