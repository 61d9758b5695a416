package io.hookrelay.storage.sqlite;

import io.hookrelay.delivery.SecretCipher;
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
 *
 * <p>The relay's tables (step 3) keep no copy of a delivery's state: a delivery row only ties an intent to
 * its event and target, so the queue's fenced transitions stay the one place a state changes. Routes
 * reference their source and target so deleting either takes its routes along; events and deliveries
 * reference nothing an operator deletes, so their history outlives the configuration that made them.
 * Event headers are stored as {@code name: value} lines: HTTP/1.1 names cannot hold a colon and values
 * cannot hold a line break.
 *
 * <p>Step 4 is what retention reads and deletes by. Ended intents are found by age through two partial
 * indexes, one per retention span, which only hold terminal rows: claims and renewals never touch them,
 * and a completion adds one entry. Events are walked by age through {@code events_by_received_at}, and an
 * event's idempotency key is found through {@code idempotency_keys_by_event}, which is also what lets
 * SQLite check the key's foreign key when the event is deleted without reading every key.
 *
 * <p>Step 6 lets a resume release a paused pair's intents a chunk per transaction: while {@code releasing}
 * is set, intents of the pair that are enqueued or retried are no longer held, so none can land behind the
 * resume's walk and stay held after the pause is gone.
 *
 * <p>Step 7 seals the secrets earlier versions stored in the clear ({@code targets.secret},
 * {@code sources.verify_secret}; see {@link SecretCipher}) and records the key check beside them. Under
 * {@code secure_delete} the clear values' bytes are overwritten rather than left in freed space; the
 * {@code -wal} that still holds them is emptied by {@link SqliteDatabase} once the step has committed.
 *
 * <p>Step 8 adds the headers a source leaves out of stored events, and makes a route unique by its source,
 * target and filters, compared as a set: filters are kept sorted and each once, so one text is one set.
 * Existing routes are brought to that form, and of routes that are then the same only the oldest is kept;
 * nothing references a route, and a source fans out to a target once however many of its routes lead there,
 * so no delivery changes. A JSON pointer stored with a {@code ~} that starts no RFC 6901 escape, which was
 * read as a plain {@code ~}, is rewritten to the escape {@code ~0}, so it means what it meant.
 */
final class Migrations {

    /** What a step does that SQL cannot, run after its SQL in the same transaction. */
    @FunctionalInterface
    interface JavaStep {
        void apply(Handle handle, SecretCipher secrets);
    }

    record Migration(int version, String sql, JavaStep java) {
        Migration {
            if (version < 1) {
                throw new IllegalArgumentException("migration versions start at 1: " + version);
            }
        }

        Migration(int version, String sql) {
            this(version, sql, (handle, secrets) -> { });
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
                    """),
            new Migration(2, """
                    CREATE TABLE intent_attempts (
                        intent_id   TEXT    NOT NULL REFERENCES intents (id) ON DELETE CASCADE,
                        attempt     INTEGER NOT NULL CHECK (attempt >= 1),
                        started_at  INTEGER NOT NULL,
                        duration_ms INTEGER NOT NULL CHECK (duration_ms >= 0),
                        outcome     TEXT    NOT NULL CHECK (outcome IN ('success', 'error', 'stop', 'no_handler')),
                        error       TEXT    NOT NULL,
                        status_code INTEGER,
                        excerpt     TEXT    NOT NULL,
                        PRIMARY KEY (intent_id, attempt)
                    ) WITHOUT ROWID, STRICT;
                    """),
            new Migration(3, """
                    CREATE TABLE sources (
                        id                      TEXT    NOT NULL PRIMARY KEY,
                        verify_scheme           TEXT    NOT NULL,
                        verify_secret           TEXT    NOT NULL,
                        verify_header           TEXT    NOT NULL,
                        verify_prefix           TEXT    NOT NULL,
                        verify_encoding         TEXT    NOT NULL,
                        idempotency_header      TEXT,
                        event_type_header       TEXT,
                        event_type_json_pointer TEXT,
                        max_body_bytes          INTEGER NOT NULL,
                        created_at              INTEGER NOT NULL,
                        updated_at              INTEGER NOT NULL
                    ) STRICT;

                    CREATE TABLE targets (
                        id               TEXT    NOT NULL PRIMARY KEY,
                        url              TEXT    NOT NULL,
                        secret           TEXT    NOT NULL,
                        timeout_ms       INTEGER NOT NULL,
                        retry_schedule_s TEXT    NOT NULL,
                        max_in_flight    INTEGER NOT NULL,
                        created_at       INTEGER NOT NULL,
                        updated_at       INTEGER NOT NULL
                    ) STRICT;

                    CREATE TABLE routes (
                        id          TEXT    NOT NULL PRIMARY KEY,
                        source_id   TEXT    NOT NULL REFERENCES sources (id) ON DELETE CASCADE,
                        target_id   TEXT    NOT NULL REFERENCES targets (id) ON DELETE CASCADE,
                        event_types TEXT    NOT NULL,
                        created_at  INTEGER NOT NULL
                    ) STRICT;

                    CREATE INDEX routes_by_source ON routes (source_id, id);

                    CREATE INDEX routes_by_target ON routes (target_id);

                    CREATE TABLE events (
                        id           TEXT    NOT NULL PRIMARY KEY,
                        source_id    TEXT    NOT NULL,
                        event_type   TEXT,
                        received_at  INTEGER NOT NULL,
                        content_type TEXT    NOT NULL,
                        headers      TEXT    NOT NULL,
                        body         BLOB    NOT NULL
                    ) STRICT;

                    CREATE INDEX events_by_source ON events (source_id, id);

                    CREATE TABLE idempotency_keys (
                        source_id TEXT NOT NULL,
                        key       TEXT NOT NULL,
                        event_id  TEXT NOT NULL REFERENCES events (id),
                        PRIMARY KEY (source_id, key)
                    ) WITHOUT ROWID, STRICT;

                    CREATE TABLE deliveries (
                        id        TEXT NOT NULL PRIMARY KEY REFERENCES intents (id),
                        event_id  TEXT NOT NULL REFERENCES events (id),
                        target_id TEXT NOT NULL
                    ) WITHOUT ROWID, STRICT;

                    CREATE INDEX deliveries_by_event ON deliveries (event_id, id);

                    CREATE INDEX deliveries_by_target ON deliveries (target_id, id);
                    """),
            new Migration(4, """
                    CREATE INDEX intents_completed ON intents (kind, updated_at) WHERE state = 'completed';

                    CREATE INDEX intents_given_up ON intents (kind, updated_at) WHERE state IN ('failed', 'cancelled');

                    CREATE INDEX events_by_received_at ON events (received_at, id);

                    CREATE INDEX idempotency_keys_by_event ON idempotency_keys (event_id);
                    """),
            new Migration(5, """
                    ALTER TABLE intents ADD COLUMN held INTEGER NOT NULL DEFAULT 0 CHECK (held IN (0, 1));

                    CREATE INDEX intents_of_work ON intents (kind, target) WHERE state IN ('pending', 'running');

                    UPDATE intents SET held = 1
                     WHERE state IN ('pending', 'running')
                       AND EXISTS (SELECT 1 FROM paused_work AS paused
                                    WHERE paused.kind = intents.kind AND paused.target = intents.target);

                    DROP INDEX intents_due;

                    CREATE INDEX intents_due ON intents (next_at, created_at, id) WHERE state = 'pending' AND held = 0;

                    DROP INDEX intents_lease;

                    CREATE INDEX intents_lease ON intents (claim_until) WHERE state = 'running' AND held = 0;
                    """),
            new Migration(6, """
                    ALTER TABLE paused_work ADD COLUMN releasing INTEGER NOT NULL DEFAULT 0 CHECK (releasing IN (0, 1));
                    """),
            new Migration(7, """
                    CREATE TABLE secret_key_check (
                        id    INTEGER NOT NULL PRIMARY KEY CHECK (id = 1),
                        value TEXT    NOT NULL
                    ) STRICT;
                    """, Migrations::sealSecrets),
            new Migration(8, """
                    ALTER TABLE sources ADD COLUMN redact_headers TEXT NOT NULL DEFAULT '';

                    UPDATE sources
                       SET event_type_json_pointer = replace(replace(replace(replace(replace(event_type_json_pointer,
                               '~0', char(1)), '~1', char(2)), '~', '~0'), char(1), '~0'), char(2), '~1')
                     WHERE replace(replace(event_type_json_pointer, '~0', ''), '~1', '') LIKE '%~%'
                       AND instr(event_type_json_pointer, char(1)) = 0
                       AND instr(event_type_json_pointer, char(2)) = 0;

                    WITH RECURSIVE split (id, rest, filter) AS (
                        SELECT id, event_types || char(10), NULL FROM routes WHERE event_types <> ''
                        UNION ALL
                        SELECT id, substr(rest, instr(rest, char(10)) + 1), substr(rest, 1, instr(rest, char(10)) - 1)
                          FROM split
                         WHERE rest <> ''),
                    canonical (id, event_types) AS (
                        SELECT id, group_concat(filter, char(10) ORDER BY filter)
                          FROM (SELECT DISTINCT id, filter FROM split WHERE filter IS NOT NULL)
                         GROUP BY id)
                    UPDATE routes SET event_types = canonical.event_types FROM canonical WHERE canonical.id = routes.id;

                    DELETE FROM routes
                     WHERE EXISTS (SELECT 1 FROM routes AS older
                                    WHERE older.source_id = routes.source_id AND older.target_id = routes.target_id
                                      AND older.event_types = routes.event_types AND older.id < routes.id);

                    CREATE UNIQUE INDEX routes_once ON routes (source_id, target_id, event_types);
                    """));

    private Migrations() {
    }

    /** Step 7: every secret stored so far was stored in the clear. */
    private static void sealSecrets(Handle handle, SecretCipher secrets) {
        SecretKeyDao dao = handle.attach(SecretKeyDao.class);
        handle.execute("PRAGMA secure_delete = ON");
        try {
            dao.targetSecrets().forEach((id, secret) -> dao.updateTargetSecret(id, secrets.seal(secret)));
            dao.sourceSecrets().forEach((id, secret) -> dao.updateSourceSecret(id, secrets.seal(secret)));
            dao.recordKeyCheck(secrets.keyCheck());
        } finally {
            handle.execute("PRAGMA secure_delete = OFF");
        }
    }

    static int latestVersion() {
        return ALL.get(ALL.size() - 1).version();
    }

    /**
     * Brings the schema up to {@link #latestVersion()}; runs inside the caller's transaction, so either
     * every missing step is applied and recorded or none is.
     *
     * @param secrets what step 7 seals the secrets stored before it with
     * @return how many steps were applied
     * @throws IncompatibleDatabaseException when the database is newer than this code
     */
    static int apply(Handle handle, Path databaseFile, Instant now, SecretCipher secrets) {
        MigrationDao dao = handle.attach(MigrationDao.class);
        dao.createTableIfMissing();
        int current = dao.currentVersion();
        if (current > latestVersion()) {
            throw new IncompatibleDatabaseException(databaseFile, current, latestVersion());
        }
        List<Migration> missing = ALL.stream().filter(migration -> migration.version() > current).toList();
        for (Migration migration : missing) {
            handle.createScript(migration.sql()).execute();
            migration.java().apply(handle, secrets);
            dao.record(migration.version(), now.toEpochMilli());
        }
        return missing.size();
    }
}
