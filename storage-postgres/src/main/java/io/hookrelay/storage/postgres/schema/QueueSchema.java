package io.hookrelay.storage.postgres.schema;

import java.util.List;

/**
 * The queue's tables. Times are epoch milliseconds in {@code bigint}, as on SQLite, so both stores follow
 * one set of conventions.
 *
 * <p>From version 2 an intent is two rows. {@code intents} holds its identity (the id and the unique
 * {@code (kind, event_id, target)}), written once at enqueue and never changed, and hands out {@code seq},
 * a number that grows with enqueue order. {@code intent_states} holds everything that changes, keyed by
 * that number, with copies of the identity so reading an intent needs no join. A claim or a settlement
 * changes indexed columns, so each of its updates adds an entry to every index of the changed row: keyed by
 * {@code seq}, the rows claimed together share their index pages, which a key of hashed ids would spread over
 * one page per row. The attempt log is keyed by {@code seq} for the same reason. Lookups by id go through
 * {@code intents}, whose pages are only read.
 *
 * <p>Version 2 converts version 1's rows in place: {@code intents} keeps its id, so what references it (the
 * relay's deliveries) still does, numbers its rows in enqueue order and loses its changing columns;
 * {@code CLUSTER} then rewrites it without their values and without the numbering's dead rows.
 *
 * <p>Version 3 drops the attempt log's foreign key. Its rows are only written by the statement that settles
 * their state rows, and deleted by the one that deletes those, so the key never refused anything, while it
 * checked every row it was given with a trigger of its own: the settlement's costliest part.
 *
 * <p>Version 4 drops the unique index on {@code intents.seq}, which only version 2's {@code CLUSTER} used: the
 * identity column already hands out each number once, and the index cost every enqueued row an entry and a
 * conflict check.
 *
 * <p>Version 5 adds FIFO lanes (see {@code LaneDao}): {@code intents_due} leaves out the intents waiting
 * behind their lane's head as it leaves out held ones, so a blocked lane's backlog is never walked, and
 * {@code intents_lanes} finds each lane's head and next.
 *
 * <p>Version 6 lets the attempt log tell of abandoned attempts: {@code claimed_at} keeps when the current claim
 * was made, and the log accepts {@code abandoned}. Its check is named with a {@code 1} because version 2 made the
 * table while version 1's, renamed, still held the plain name.
 */
public final class QueueSchema {
    public static final MigrationTrack TRACK = new MigrationTrack("queue", List.of(
            new Migration(1, """
                    CREATE TABLE intents (
                        id          text    NOT NULL PRIMARY KEY,
                        kind        text    NOT NULL,
                        event_id    text    NOT NULL,
                        target      text    NOT NULL,
                        payload     text    NOT NULL,
                        state       text    NOT NULL
                                    CHECK (state IN ('pending', 'running', 'completed', 'failed', 'cancelled')),
                        attempts    int     NOT NULL CHECK (attempts >= 0),
                        next_at     bigint  NOT NULL,
                        created_at  bigint  NOT NULL,
                        updated_at  bigint  NOT NULL,
                        last_error  text    NOT NULL,
                        claim_token text    NOT NULL,
                        claim_until bigint  NOT NULL,
                        held        boolean NOT NULL DEFAULT false,
                        UNIQUE (kind, event_id, target)
                    );

                    CREATE INDEX intents_due ON intents (next_at, created_at, id) WHERE state = 'pending' AND NOT held;

                    CREATE INDEX intents_lease ON intents (claim_until) WHERE state = 'running' AND NOT held;

                    CREATE INDEX intents_of_work ON intents (kind, target, held) WHERE state IN ('pending', 'running');

                    CREATE INDEX intents_completed ON intents (kind, updated_at) WHERE state = 'completed';

                    CREATE INDEX intents_given_up ON intents (kind, updated_at) WHERE state IN ('failed', 'cancelled');

                    CREATE TABLE paused_work (
                        kind      text    NOT NULL,
                        target    text    NOT NULL,
                        releasing boolean NOT NULL DEFAULT false,
                        PRIMARY KEY (kind, target)
                    );

                    CREATE TABLE intent_attempts (
                        intent_id   text   NOT NULL REFERENCES intents (id) ON DELETE CASCADE,
                        attempt     int    NOT NULL CHECK (attempt >= 1),
                        started_at  bigint NOT NULL,
                        duration_ms bigint NOT NULL CHECK (duration_ms >= 0),
                        outcome     text   NOT NULL CHECK (outcome IN ('success', 'error', 'stop', 'no_handler')),
                        error       text   NOT NULL,
                        status_code int,
                        excerpt     text   NOT NULL,
                        PRIMARY KEY (intent_id, attempt)
                    );
                    """),
            new Migration(2, """
                    ALTER TABLE intents ADD COLUMN seq bigint;

                    UPDATE intents SET seq = ordered.seq
                      FROM (SELECT id, row_number() OVER (ORDER BY created_at, id) AS seq FROM intents) AS ordered
                     WHERE intents.id = ordered.id;

                    ALTER TABLE intents ALTER COLUMN seq SET NOT NULL, ADD CONSTRAINT intents_seq_key UNIQUE (seq);

                    CREATE TABLE intent_states (
                        seq         bigint  NOT NULL PRIMARY KEY,
                        id          text    NOT NULL,
                        kind        text    NOT NULL,
                        event_id    text    NOT NULL,
                        target      text    NOT NULL,
                        payload     text    NOT NULL,
                        state       text    NOT NULL
                                    CHECK (state IN ('pending', 'running', 'completed', 'failed', 'cancelled')),
                        attempts    int     NOT NULL CHECK (attempts >= 0),
                        next_at     bigint  NOT NULL,
                        created_at  bigint  NOT NULL,
                        updated_at  bigint  NOT NULL,
                        last_error  text    NOT NULL,
                        claim_token text    NOT NULL,
                        claim_until bigint  NOT NULL,
                        held        boolean NOT NULL
                    );

                    INSERT INTO intent_states (seq, id, kind, event_id, target, payload, state, attempts, next_at,
                                               created_at, updated_at, last_error, claim_token, claim_until, held)
                    SELECT seq, id, kind, event_id, target, payload, state, attempts, next_at, created_at, updated_at,
                           last_error, claim_token, claim_until, held
                      FROM intents
                     ORDER BY seq;

                    ALTER TABLE intent_attempts RENAME TO intent_attempts_v1;

                    ALTER INDEX intent_attempts_pkey RENAME TO intent_attempts_v1_pkey;

                    CREATE TABLE intent_attempts (
                        intent_seq  bigint NOT NULL REFERENCES intent_states (seq) ON DELETE CASCADE,
                        attempt     int    NOT NULL CHECK (attempt >= 1),
                        started_at  bigint NOT NULL,
                        duration_ms bigint NOT NULL CHECK (duration_ms >= 0),
                        outcome     text   NOT NULL CHECK (outcome IN ('success', 'error', 'stop', 'no_handler')),
                        error       text   NOT NULL,
                        status_code int,
                        excerpt     text   NOT NULL,
                        PRIMARY KEY (intent_seq, attempt)
                    );

                    INSERT INTO intent_attempts (intent_seq, attempt, started_at, duration_ms, outcome, error,
                                                 status_code, excerpt)
                    SELECT intents.seq, log.attempt, log.started_at, log.duration_ms, log.outcome, log.error,
                           log.status_code, log.excerpt
                      FROM intent_attempts_v1 AS log JOIN intents ON intents.id = log.intent_id
                     ORDER BY intents.seq, log.attempt;

                    DROP TABLE intent_attempts_v1;

                    ALTER TABLE intents
                        DROP COLUMN payload, DROP COLUMN state, DROP COLUMN attempts, DROP COLUMN next_at,
                        DROP COLUMN created_at, DROP COLUMN updated_at, DROP COLUMN last_error,
                        DROP COLUMN claim_token, DROP COLUMN claim_until, DROP COLUMN held,
                        ALTER COLUMN seq ADD GENERATED ALWAYS AS IDENTITY;

                    SELECT setval(pg_get_serial_sequence('intents', 'seq'), max(seq)) FROM intents HAVING count(*) > 0;

                    CLUSTER intents USING intents_seq_key;

                    CREATE INDEX intents_due ON intent_states (next_at, created_at, id) WHERE state = 'pending' AND NOT held;

                    CREATE INDEX intents_lease ON intent_states (claim_until) WHERE state = 'running' AND NOT held;

                    CREATE INDEX intents_of_work ON intent_states (kind, target, held) WHERE state IN ('pending', 'running');

                    CREATE INDEX intents_completed ON intent_states (kind, updated_at) WHERE state = 'completed';

                    CREATE INDEX intents_given_up ON intent_states (kind, updated_at) WHERE state IN ('failed', 'cancelled');
                    """),
            new Migration(3, """
                    ALTER TABLE intent_attempts DROP CONSTRAINT intent_attempts_intent_seq_fkey;
                    """),
            new Migration(4, """
                    ALTER TABLE intents DROP CONSTRAINT intents_seq_key;
                    """),
            new Migration(5, """
                    ALTER TABLE intent_states ADD COLUMN fifo_key text, ADD COLUMN waiting boolean NOT NULL DEFAULT false;

                    DROP INDEX intents_due;

                    CREATE INDEX intents_due ON intent_states (next_at, created_at, id)
                        WHERE state = 'pending' AND NOT held AND NOT waiting;

                    CREATE INDEX intents_lanes ON intent_states (waiting, fifo_key, seq)
                        WHERE fifo_key IS NOT NULL AND state IN ('pending', 'running');
                    """),
            new Migration(6, """
                    ALTER TABLE intent_states ADD COLUMN claimed_at bigint NOT NULL DEFAULT 0;

                    ALTER TABLE intent_attempts DROP CONSTRAINT intent_attempts_outcome_check1,
                        ADD CONSTRAINT intent_attempts_outcome_check
                            CHECK (outcome IN ('success', 'error', 'stop', 'no_handler', 'abandoned'));
                    """),
            new Migration(7, """
                    CREATE INDEX intents_due_in_namespace
                        ON intent_states ((CASE strpos(target, '/') WHEN 0 THEN '' ELSE left(target, strpos(target, '/') - 1) END),
                                          next_at, created_at, id)
                        WHERE state = 'pending' AND NOT held AND NOT waiting;
                    """)));

    private QueueSchema() {
    }
}
