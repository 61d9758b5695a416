package io.hookrelay.storage.sqlite;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.jdbi.v3.core.Handle;

/**
 * The schema, as numbered forward-only steps. A step, once released, is never edited: a database that
 * has had it would not get the edit. Changes are new steps at the end.
 *
 * <p>All times are epoch milliseconds. The two partial indexes are what keeps a claim cheap however
 * large the backlog: the claim walks {@code intents_due} in claim order and stops after the batch, and
 * only looks at {@code running} rows whose lease has ended through {@code intents_lease}.
 */
final class Migrations {

    record Migration(int version, String sql) {
        Migration {
            if (version < 1) {
                throw new IllegalArgumentException("migration versions start at 1: " + version);
            }
        }
    }

    static final List<Migration> ALL = List.of(
            new Migration(1, """
                    CREATE TABLE intents (
                        id          TEXT    NOT NULL PRIMARY KEY,
                        kind        TEXT    NOT NULL,
                        event_id    TEXT    NOT NULL,
                        target      TEXT    NOT NULL,
                        payload     TEXT    NOT NULL,
                        state       TEXT    NOT NULL
                                    CHECK (state IN ('pending', 'running', 'completed', 'failed', 'cancelled')),
                        attempts    INTEGER NOT NULL CHECK (attempts >= 0),
                        next_at     INTEGER NOT NULL,
                        created_at  INTEGER NOT NULL,
                        updated_at  INTEGER NOT NULL,
                        last_error  TEXT    NOT NULL,
                        claim_token TEXT    NOT NULL,
                        claim_until INTEGER NOT NULL,
                        UNIQUE (kind, event_id, target)
                    ) STRICT;

                    CREATE INDEX intents_due ON intents (next_at, created_at, id) WHERE state = 'pending';

                    CREATE INDEX intents_lease ON intents (claim_until) WHERE state = 'running';

                    CREATE TABLE paused_work (
                        kind   TEXT NOT NULL,
                        target TEXT NOT NULL,
                        PRIMARY KEY (kind, target)
                    ) WITHOUT ROWID, STRICT;
                    """));

    private Migrations() {
    }

    static int latestVersion() {
        return ALL.get(ALL.size() - 1).version();
    }

    /**
     * Brings the schema up to {@link #latestVersion()}; runs inside the caller's transaction, so either
     * every missing step is applied and recorded or none is.
     *
     * @return how many steps were applied
     * @throws IncompatibleDatabaseException when the database is newer than this code
     */
    static int apply(Handle handle, Path databaseFile, Instant now) {
        MigrationDao dao = handle.attach(MigrationDao.class);
        dao.createTableIfMissing();
        int current = dao.currentVersion();
        if (current > latestVersion()) {
            throw new IncompatibleDatabaseException(databaseFile, current, latestVersion());
        }
        List<Migration> missing = ALL.stream().filter(migration -> migration.version() > current).toList();
        for (Migration migration : missing) {
            handle.createScript(migration.sql()).execute();
            dao.record(migration.version(), now.toEpochMilli());
        }
        return missing.size();
    }
}
