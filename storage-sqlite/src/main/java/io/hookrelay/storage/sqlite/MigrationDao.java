package io.hookrelay.storage.sqlite;

import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;

/** The record of which numbered migrations a database has had. */
interface MigrationDao {

    @SqlUpdate("""
            CREATE TABLE IF NOT EXISTS schema_migrations (
                version    INTEGER NOT NULL PRIMARY KEY,
                applied_at INTEGER NOT NULL
            ) STRICT
            """)
    void createTableIfMissing();

    @SqlQuery("SELECT coalesce(max(version), 0) FROM schema_migrations")
    int currentVersion();

    @SqlUpdate("INSERT INTO schema_migrations (version, applied_at) VALUES (:version, :appliedAt)")
    void record(int version, long appliedAt);
}
