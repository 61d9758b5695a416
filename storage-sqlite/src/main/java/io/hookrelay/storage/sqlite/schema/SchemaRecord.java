package io.hookrelay.storage.sqlite.schema;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Which steps of each {@link MigrationTrack} a database has had, read from either form of the record.
 *
 * <p>Before the schema was split into tracks it was one numbered list, recorded in
 * {@code schema_migrations}. The tracks are that list's steps divided between them, so each of its versions
 * amounts to a version of each track ({@link #SINGLE_TRACK}), and a database recorded that way is taken
 * over without running anything: {@link Migrations} writes the same versions in the per-track form.
 * Version {@link #PER_TRACK} of the old record says the record is now in {@code schema_track_migrations}; a
 * hookrelay from before the split sees it as a newer database and refuses it rather than applying its steps
 * again.
 *
 * @param singleTrackVersion the highest version in {@code schema_migrations}: 0 for a new database,
 *                           {@link #PER_TRACK} once recorded per track
 * @param trackVersions      the steps had, by track name; a track with none is absent
 */
public record SchemaRecord(int singleTrackVersion, Map<String, Integer> trackVersions) {
    static final int PER_TRACK = 9;

    /** By version of the single list, from 0: the track versions it amounts to. */
    private static final List<Map<String, Integer>> SINGLE_TRACK = List.of(
            Map.of(),
            Map.of(QueueMigrations.NAME, 1),
            Map.of(QueueMigrations.NAME, 2),
            Map.of(QueueMigrations.NAME, 2, RelayMigrations.NAME, 1),
            Map.of(QueueMigrations.NAME, 3, RelayMigrations.NAME, 2),
            Map.of(QueueMigrations.NAME, 4, RelayMigrations.NAME, 2),
            Map.of(QueueMigrations.NAME, 5, RelayMigrations.NAME, 2),
            Map.of(QueueMigrations.NAME, 5, RelayMigrations.NAME, 3),
            Map.of(QueueMigrations.NAME, 5, RelayMigrations.NAME, 4));

    public SchemaRecord {
        trackVersions = Map.copyOf(trackVersions);
    }

    /** Needs {@code schema_migrations}; reads {@code schema_track_migrations} only when the record says it is there. */
    public static SchemaRecord read(Connection connection) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            int single;
            try (ResultSet max = statement.executeQuery("SELECT coalesce(max(version), 0) FROM schema_migrations")) {
                single = max.next() ? max.getInt(1) : 0;
            }
            if (single != PER_TRACK) {
                return new SchemaRecord(single, single < SINGLE_TRACK.size() ? SINGLE_TRACK.get(single) : Map.of());
            }
            Map<String, Integer> tracks = new HashMap<>();
            try (ResultSet rows = statement.executeQuery(
                    "SELECT track, max(version) FROM schema_track_migrations GROUP BY track")) {
                while (rows.next()) {
                    tracks.put(rows.getString(1), rows.getInt(2));
                }
            }
            return new SchemaRecord(single, tracks);
        }
    }

    /** The step of the single list that made step {@code version} of {@code track}. */
    static int singleTrackStepOf(String track, int version) {
        for (int single = 1; single < SINGLE_TRACK.size(); single++) {
            if (SINGLE_TRACK.get(single).getOrDefault(track, 0) >= version) {
                return single;
            }
        }
        throw new IllegalArgumentException("no step of the single list made step " + version + " of " + track);
    }

    public boolean isNew() {
        return singleTrackVersion == 0;
    }

    boolean perTrack() {
        return singleTrackVersion == PER_TRACK;
    }

    int version(String track) {
        return trackVersions.getOrDefault(track, 0);
    }

    /**
     * Only the tracks about to be used are checked: an application embedding the queue has no business with
     * the relay's tables, whatever version they are at.
     *
     * @throws IncompatibleDatabaseException when a newer hookrelay recorded the schema in a form this one
     *                                       does not know, or moved one of {@code tracks} past this code
     */
    public void requireKnown(Path databaseFile, List<MigrationTrack> tracks) {
        if (singleTrackVersion > PER_TRACK) {
            throw new IncompatibleDatabaseException(databaseFile, singleTrackVersion, PER_TRACK);
        }
        for (MigrationTrack track : tracks) {
            if (version(track.name()) > track.latestVersion()) {
                throw new IncompatibleDatabaseException(databaseFile, track.name(), version(track.name()), track.latestVersion());
            }
        }
    }
}
