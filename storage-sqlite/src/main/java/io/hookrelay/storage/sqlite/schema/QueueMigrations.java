package io.hookrelay.storage.sqlite.schema;

import java.util.List;

/**
 * The queue's tables: what {@code SqliteIntentStore} needs, and all an application embedding only the queue
 * gets. All times are epoch milliseconds.
 *
 * <p>The two partial indexes are what keeps a claim cheap however large the backlog: the claim walks
 * {@code intents_due} in claim order and stops after the batch, and only looks at {@code running} rows whose
 * lease has ended through {@code intents_lease}.
 *
 * <p>Step 3 is what retention finds ended intents by: two partial indexes, one per retention span, which only
 * hold terminal rows, so claims and renewals never touch them and a completion adds one entry.
 *
 * <p>Step 5 lets a resume release a paused pair's intents a chunk per transaction: while {@code releasing}
 * is set, intents of the pair that are enqueued or retried are no longer held, so none can land behind the
 * resume's walk and stay held after the pause is gone.
 *
 * <p>Step 6 adds FIFO lanes (see {@code LaneDao}): {@code intents_due} leaves out the intents waiting behind
 * their lane's head as it leaves out held ones, so a blocked lane's backlog is never walked either;
 * {@code intents_lane_order} hands out places in a lane and {@code intents_lanes} finds a lane's head and next.
 *
 * <p>Step 7 lets the attempt log tell of abandoned attempts: {@code claimed_at} keeps when the current claim was
 * made, and the log, rebuilt because SQLite cannot change a {@code CHECK}, accepts {@code abandoned}.
 */
public final class QueueMigrations {
    static final String NAME = "queue";

    public static final MigrationTrack TRACK = new MigrationTrack(NAME, List.of(
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
                    CREATE INDEX intents_completed ON intents (kind, updated_at) WHERE state = 'completed';

                    CREATE INDEX intents_given_up ON intents (kind, updated_at) WHERE state IN ('failed', 'cancelled');
                    """),
            new Migration(4, """
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
            new Migration(5, """
                    ALTER TABLE paused_work ADD COLUMN releasing INTEGER NOT NULL DEFAULT 0 CHECK (releasing IN (0, 1));
                    """),
            new Migration(6, """
                    ALTER TABLE intents ADD COLUMN fifo_key TEXT;

                    ALTER TABLE intents ADD COLUMN fifo_seq INTEGER;

                    ALTER TABLE intents ADD COLUMN waiting INTEGER NOT NULL DEFAULT 0 CHECK (waiting IN (0, 1));

                    DROP INDEX intents_due;

                    CREATE INDEX intents_due ON intents (next_at, created_at, id)
                        WHERE state = 'pending' AND held = 0 AND waiting = 0;

                    CREATE UNIQUE INDEX intents_lane_order ON intents (fifo_key, fifo_seq) WHERE fifo_key IS NOT NULL;

                    CREATE INDEX intents_lanes ON intents (waiting, fifo_key, fifo_seq)
                        WHERE fifo_key IS NOT NULL AND state IN ('pending', 'running');
                    """),
            new Migration(7, """
                    ALTER TABLE intents ADD COLUMN claimed_at INTEGER NOT NULL DEFAULT 0;

                    CREATE TABLE intent_attempts_v7 (
                        intent_id   TEXT    NOT NULL REFERENCES intents (id) ON DELETE CASCADE,
                        attempt     INTEGER NOT NULL CHECK (attempt >= 1),
                        started_at  INTEGER NOT NULL,
                        duration_ms INTEGER NOT NULL CHECK (duration_ms >= 0),
                        outcome     TEXT    NOT NULL
                                    CHECK (outcome IN ('success', 'error', 'stop', 'no_handler', 'abandoned')),
                        error       TEXT    NOT NULL,
                        status_code INTEGER,
                        excerpt     TEXT    NOT NULL,
                        PRIMARY KEY (intent_id, attempt)
                    ) WITHOUT ROWID, STRICT;

                    INSERT INTO intent_attempts_v7 (intent_id, attempt, started_at, duration_ms, outcome, error, status_code,
                                                    excerpt)
                    SELECT intent_id, attempt, started_at, duration_ms, outcome, error, status_code, excerpt
                      FROM intent_attempts;

                    DROP TABLE intent_attempts;

                    ALTER TABLE intent_attempts_v7 RENAME TO intent_attempts;
                    """),
            new Migration(8, """
                    CREATE INDEX intents_due_in_namespace
                        ON intents (CASE instr(target, '/') WHEN 0 THEN '' ELSE substr(target, 1, instr(target, '/') - 1) END,
                                    next_at, created_at, id)
                        WHERE state = 'pending' AND held = 0 AND waiting = 0;
                    """)));

    private QueueMigrations() {
    }
}
