package io.hookrelay.delivery.port;

import io.hookrelay.delivery.model.DatabaseSnapshot;
import java.nio.file.Path;

/**
 * Consistent copies of the whole database, taken while the server keeps running, and the files they are
 * written into. A database whose backups are its own business (PostgreSQL's {@code pg_dump}) offers none
 * ({@link OpenDatabase#backup()}).
 */
public interface DatabaseBackup extends BackupFiles {

    /**
     * A copy of one moment of the database, to be read once: its bytes are only on disk for as long as the
     * snapshot is open, so closing it (however the reading ended) gives the space back.
     */
    DatabaseSnapshot snapshot();

    /**
     * Writes a copy into {@code file} and makes it durable.
     *
     * @param file an empty regular file the caller has just created ({@link #createFile}), whose permissions the copy keeps
     * @return the size of the copy in bytes
     */
    long copyInto(Path file);
}
