package io.hookrelay.storage.postgres.schema;

import java.time.Clock;
import org.jdbi.v3.core.Handle;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Brings a track's tables up to date in one transaction under an advisory lock. PostgreSQL's DDL is
 * transactional, so a start that dies half-way leaves the schema as it was.
 */
public final class PostgresMigrations {
    private static final Logger log = LoggerFactory.getLogger(PostgresMigrations.class);

    private PostgresMigrations() {
    }

    /** @throws IncompatibleSchemaException when the database holds a newer version of the track */
    public static void apply(Handle handle, MigrationTrack track, Clock clock) {
        handle.useTransaction(transaction -> {
            MigrationDao dao = transaction.attach(MigrationDao.class);
            dao.lockMigrations();
            dao.createTable();
            int applied = dao.latestApplied(track.name());
            if (applied > track.latest()) {
                throw new IncompatibleSchemaException(track.name(), applied, track.latest());
            }
            for (Migration migration : track.migrations().subList(applied, track.latest())) {
                transaction.createScript(migration.sql()).execute();
                dao.record(track.name(), migration.version(), clock.millis());
                log.info("applied {} migration {}", track.name(), migration.version());
            }
        });
    }
}
