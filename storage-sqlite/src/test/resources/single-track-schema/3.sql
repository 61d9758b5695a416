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
