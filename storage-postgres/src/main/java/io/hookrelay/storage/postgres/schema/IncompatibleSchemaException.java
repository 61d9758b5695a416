package io.hookrelay.storage.postgres.schema;

/**
 * The database was migrated by a newer hookrelay. Migrations only go forward, so this code cannot know
 * what the newer schema means and refuses to touch it rather than guess.
 */
public final class IncompatibleSchemaException extends RuntimeException {
    IncompatibleSchemaException(String track, int databaseVersion, int supportedVersion) {
        super("the database's " + track + " schema has version " + databaseVersion
                + ", newer than the latest this hookrelay knows (" + supportedVersion + "); run a newer hookrelay");
    }
}
