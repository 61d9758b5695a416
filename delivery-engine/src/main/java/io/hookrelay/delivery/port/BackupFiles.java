package io.hookrelay.delivery.port;

import java.io.IOException;
import java.nio.file.Path;

/**
 * Creates the directory and the files that copies of the database go into, readable by their owner only
 * whatever the umask (DESIGN §3): a copy holds every event and secret. Where a copy may go is the domain's
 * to decide ({@link io.hookrelay.delivery.admin.BackupDirectory}); how a file is kept private is the
 * platform's, so the adapter that writes the copies creates their files.
 */
public interface BackupFiles {

    /** Creates {@code directory} and any missing parent. */
    void createDirectories(Path directory) throws IOException;

    /**
     * Creates the new, empty file, never through a link.
     *
     * @throws java.nio.file.FileAlreadyExistsException when anything is at {@code file} already
     */
    void createFile(Path file) throws IOException;
}
