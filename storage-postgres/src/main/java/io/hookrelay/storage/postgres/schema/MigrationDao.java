package io.hookrelay.storage.postgres.schema;

import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;

/** The record of applied migrations, one row per track and version. */
interface MigrationDao {

    /**
     * Held until the migrating transaction ends, so nodes that start together apply each migration once: the
     * second waits, then finds the work done. The key is arbitrary but fixed: hookrelay's only lock of this
     * kind that spans transactions of different nodes' starts.
     */
    @SqlQuery("SELECT 1 FROM pg_advisory_xact_lock(7401002117)")
    int lockMigrations();

    @SqlUpdate("""
            CREATE TABLE IF NOT EXISTS schema_migrations (
                track      text   NOT NULL,
                version    int    NOT NULL,
                applied_at bigint NOT NULL,
                PRIMARY KEY (track, version)
            )
            """)
    void createTable();

    @SqlQuery("SELECT coalesce(max(version), 0) FROM schema_migrations WHERE track = :track")
    int latestApplied(String track);

    @SqlUpdate("INSERT INTO schema_migrations (track, version, applied_at) VALUES (:track, :version, :appliedAt)")
    void record(String track, int version, long appliedAt);
}
