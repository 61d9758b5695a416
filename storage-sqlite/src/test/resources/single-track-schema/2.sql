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
