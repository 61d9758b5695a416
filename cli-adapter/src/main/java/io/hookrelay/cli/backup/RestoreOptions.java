package io.hookrelay.cli.backup;

import java.nio.file.Path;
import java.util.Objects;

/**
 * What {@code hookrelay restore} was asked to do, as given on the command line.
 *
 * @param from    the backup file, which existed and was a regular file when the command checked it
 * @param dataDir the data directory whose database the backup replaces
 */
public record RestoreOptions(Path from, Path dataDir) {
    public RestoreOptions {
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(dataDir, "dataDir");
    }
}
