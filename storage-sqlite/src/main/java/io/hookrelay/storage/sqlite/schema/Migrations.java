package io.hookrelay.storage.sqlite.schema;

import io.hookrelay.queue.StoreException;
import io.hookrelay.storage.sqlite.connection.SqliteErrors;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.jdbi.v3.core.Handle;

/** Brings a database's schema up to the latest step of each of the tracks it is opened with. */
public final class Migrations {

    private Migrations() {
    }

    /**
     * Runs inside the caller's transaction, so either every missing step is applied and recorded or none is.
     * Tracks are applied in the order given, each whole, so a later track may rely on an earlier one's
     * tables. A database still recorded as one list is first recorded per track (see {@link SchemaRecord}).
     *
     * @return how many steps were applied
     * @throws IncompatibleDatabaseException when the database is newer than this code
     */
    public static int apply(Handle handle, Path databaseFile, Instant now, List<MigrationTrack> tracks) {
        MigrationDao dao = handle.attach(MigrationDao.class);
        dao.createSingleTrackTableIfMissing();
        SchemaRecord record = read(handle, databaseFile);
        record.requireKnown(databaseFile, tracks);
        if (!record.perTrack()) {
            recordPerTrack(dao, record, now);
        }
        int applied = 0;
        for (MigrationTrack track : tracks) {
            for (Migration migration : track.steps().subList(record.version(track.name()), track.latestVersion())) {
                handle.createScript(migration.sql()).execute();
                migration.java().accept(handle);
                dao.record(track.name(), migration.version(), now.toEpochMilli());
                applied++;
            }
        }
        return applied;
    }

    private static void recordPerTrack(MigrationDao dao, SchemaRecord record, Instant now) {
        dao.createPerTrackTableIfMissing();
        for (Map.Entry<String, Integer> track : record.trackVersions().entrySet()) {
            for (int version = 1; version <= track.getValue(); version++) {
                int single = SchemaRecord.singleTrackStepOf(track.getKey(), version);
                if (dao.recordFromSingleTrack(track.getKey(), version, single) != 1) {
                    throw new StoreException("schema_migrations has no row for version " + single + " below "
                            + record.singleTrackVersion(), null);
                }
            }
        }
        dao.recordSingleTrack(SchemaRecord.PER_TRACK, now.toEpochMilli());
    }

    private static SchemaRecord read(Handle handle, Path databaseFile) {
        try {
            return SchemaRecord.read(handle.getConnection());
        } catch (SQLException e) {
            throw SqliteErrors.translate("read the schema version of " + databaseFile, e);
        }
    }
}
