package io.hookrelay.storage.sqlite;

import io.hookrelay.storage.sqlite.connection.SqliteConnections;
import io.hookrelay.storage.sqlite.connection.SqliteWriter;
import io.hookrelay.storage.sqlite.schema.DatabaseProbe;
import io.hookrelay.storage.sqlite.schema.MigrationTrack;
import io.hookrelay.storage.sqlite.schema.QueueMigrations;
import java.nio.file.Path;
import java.util.List;
import org.jdbi.v3.core.Jdbi;

/**
 * What one way of opening a data directory adds to what {@link SqliteDatabase} does for the queue: further
 * migration tracks, row mappers for its own types, and steps around migrating. The relay's parts (its key,
 * the sealing of its secrets, its row mappers) live in {@link RelayOpening}, out of every class the queue
 * loads, so that an application embedding only the queue runs without delivery-engine on its class path.
 */
interface SqliteOpening {
    /** The queue's tables and nothing else. */
    SqliteOpening QUEUE = () -> List.of(QueueMigrations.TRACK);

    /** In the order they are applied; the queue's comes first. */
    List<MigrationTrack> tracks();

    /** After the database file was probed and the directory narrowed, before anything writes to the file. */
    default void beforeWriting(Path dataDir, Path databaseFile, DatabaseProbe probe) {
    }

    /** On the JDBI every connection is opened through, before any is. */
    default void configure(Jdbi jdbi) {
    }

    /** After the migrations committed and before restart recovery. */
    default void afterMigrating(SqliteWriter writer, SqliteConnections connections, DatabaseProbe probe) {
    }
}
