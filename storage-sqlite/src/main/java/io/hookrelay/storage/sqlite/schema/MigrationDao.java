package io.hookrelay.storage.sqlite.schema;

import org.jdbi.v3.sqlobject.statement.SqlUpdate;

/** The record of which migrations a database has had, in both its forms; see {@link SchemaRecord}. */
interface MigrationDao {

    @SqlUpdate("""
            CREATE TABLE IF NOT EXISTS schema_migrations (
                version    INTEGER NOT NULL PRIMARY KEY,
                applied_at INTEGER NOT NULL
            ) STRICT
            """)
    void createSingleTrackTableIfMissing();

    @SqlUpdate("""
            CREATE TABLE IF NOT EXISTS schema_track_migrations (
                track      TEXT    NOT NULL,
                version    INTEGER NOT NULL,
                applied_at INTEGER NOT NULL,
                PRIMARY KEY (track, version)
            ) WITHOUT ROWID, STRICT
            """)
    void createPerTrackTableIfMissing();

    @SqlUpdate("INSERT INTO schema_migrations (version, applied_at) VALUES (:version, :appliedAt)")
    void recordSingleTrack(int version, long appliedAt);

    @SqlUpdate("INSERT INTO schema_track_migrations (track, version, applied_at) VALUES (:track, :version, :appliedAt)")
    void record(String track, int version, long appliedAt);

    /** A step the single list made, recorded per track with the time it was applied then. */
    @SqlUpdate("""
            INSERT INTO schema_track_migrations (track, version, applied_at)
            SELECT :track, :version, applied_at FROM schema_migrations WHERE version = :singleTrackVersion
            """)
    int recordFromSingleTrack(String track, int version, int singleTrackVersion);
}
