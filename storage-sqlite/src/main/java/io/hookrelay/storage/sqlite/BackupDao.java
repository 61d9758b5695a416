package io.hookrelay.storage.sqlite;

import org.jdbi.v3.sqlobject.statement.SqlUpdate;

/** Copies of the whole database. */
interface BackupDao {

    /**
     * Writes a compacted copy of the database as of one read snapshot. It only reads the live database, so
     * in WAL mode it runs beside the writer without blocking it; it cannot run inside a transaction.
     */
    @SqlUpdate("VACUUM INTO :file")
    void vacuumInto(String file);
}
