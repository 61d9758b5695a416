package io.hookrelay.storage.postgres;

import java.util.List;

/**
 * The queue's tables. Times are epoch milliseconds in {@code bigint}, as on SQLite, so both stores follow
 * one set of conventions.
 */
final class QueueSchema {
    static final MigrationTrack TRACK = new MigrationTrack("queue", List.of(
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
                    """)));

    private QueueSchema() {
    }
}
