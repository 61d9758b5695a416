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
