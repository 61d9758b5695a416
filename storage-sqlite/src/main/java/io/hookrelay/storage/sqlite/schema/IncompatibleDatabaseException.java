package io.hookrelay.storage.sqlite.schema;

import java.nio.file.Path;

/**
 * The database was migrated by a newer hookrelay. Migrations only go forward, so this code cannot know
 * what the newer schema means and refuses to touch it rather than guess.
 */
public class IncompatibleDatabaseException extends RuntimeException {
    private final int databaseVersion;
    private final int supportedVersion;

    public IncompatibleDatabaseException(Path databaseFile, int databaseVersion, int supportedVersion) {
        this(databaseFile, "", databaseVersion, supportedVersion);
    }

    /** @param track the {@link MigrationTrack} whose version is newer, such as {@code queue} */
    IncompatibleDatabaseException(Path databaseFile, String track, int databaseVersion, int supportedVersion) {
        super("database " + databaseFile + " has schema version " + databaseVersion
                + (track.isEmpty() ? "" : " of its " + track + " tables")
                + ", newer than the latest this hookrelay knows (" + supportedVersion + "); run a newer hookrelay");
        this.databaseVersion = databaseVersion;
        this.supportedVersion = supportedVersion;
    }

    public int databaseVersion() {
        return databaseVersion;
    }

    public int supportedVersion() {
        return supportedVersion;
    }
}
