package io.hookrelay.delivery;

import java.nio.file.Path;

/** Writes a consistent copy of the whole database while the server keeps running. */
public interface DatabaseBackup {

    /**
     * @param file an absolute path that does not exist yet, in an existing directory
     * @return the size of the copy in bytes
     * @throws InvalidRequestException when the path is not absolute or its directory does not exist
     * @throws ConflictException when the file already exists (a backup never overwrites)
     */
    long backupTo(Path file);
}
