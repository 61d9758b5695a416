package io.hookrelay.storage.sqlite.schema;

import java.util.List;

/**
 * The relay's tables, on top of the queue's ({@link QueueMigrations}), which they reference: only
 * {@code SqliteRelayDatabase} applies them. The SQL alone; the Java part of step 3 needs the relay's key
 * and is given by {@code RelayOpening}. All times are epoch milliseconds.
 *
 * <p>The relay's tables (step 1) keep no copy of a delivery's state: a delivery row only ties an intent to
 * its event and target, so the queue's fenced transitions stay the one place a state changes. Routes
 * reference their source and target so deleting either takes its routes along; events and deliveries
 * reference nothing an operator deletes, so their history outlives the configuration that made them.
 * Event headers are stored as {@code name: value} lines: HTTP/1.1 names cannot hold a colon and values
 * cannot hold a line break.
 *
 * <p>Step 2 is what retention walks events by: by age through {@code events_by_received_at}; an event's
 * idempotency key is found through {@code idempotency_keys_by_event}, which is also what lets SQLite check
 * the key's foreign key when the event is deleted without reading every key.
 *
 * <p>Step 3 seals the secrets earlier versions stored in the clear ({@code targets.secret},
 * {@code sources.verify_secret}) and records the key check beside them.
 *
 * <p>Step 4 adds the headers a source leaves out of stored events, and makes a route unique by its source,
 * target and filters, compared as a set: filters are kept sorted and each once, so one text is one set.
 * Existing routes are brought to that form, and of routes that are then the same only the oldest is kept;
 * nothing references a route, and a source fans out to a target once however many of its routes lead there,
 * so no delivery changes. A JSON pointer stored with a {@code ~} that starts no RFC 6901 escape, which was
 * read as a plain {@code ~}, is rewritten to the escape {@code ~0}, so it means what it meant.
 *
 * <p>Step 6 adds routes' payload filters, which are part of what makes a route unique: existing routes have
 * none. Step 7 adds the headers a source forwards, one a line like {@code redact_headers}. Step 8 adds a target's
 * previous secret, sealed as its secret is, and when it stops signing; step 9 its rate limit.
 *
 * <p>Step 15 puts every relay row in a tenant, {@code default} for all that came before. Sources and targets are
 * keyed by tenant and id, and routes reference them by both, which SQLite can only have by rebuilding the three: the
 * routes go first, so dropping the old sources and targets cascades to nothing, and renaming the new tables carries
 * the routes' references along. Events and deliveries, which may be many, keep their rows and gain a column whose
 * default is only for the rows already there. Rows of the delivery path that are keyed by a target's queue key
 * (alerts, pauses) need nothing: in {@code default} that key is the bare id they have.
 *
 * <p>Step 16 keeps tenants' usage by UTC day ({@code day} in days since 1970-01-01), apart from the events and
 * deliveries it counts so that retention leaves it, and going with its tenant.
 */
public final class RelayMigrations {
    static final String NAME = "relay";
    public static final int SEALS_SECRETS = 3;

    public static final MigrationTrack TRACK = new MigrationTrack(NAME, List.of(
            new Migration(1, """
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
            new Migration(2, """
                    CREATE INDEX events_by_received_at ON events (received_at, id);

                    CREATE INDEX idempotency_keys_by_event ON idempotency_keys (event_id);
                    """),
            new Migration(3, """
                    CREATE TABLE secret_key_check (
                        id    INTEGER NOT NULL PRIMARY KEY CHECK (id = 1),
                        value TEXT    NOT NULL
                    ) STRICT;
                    """),
            new Migration(4, """
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
                    """),
            new Migration(5, """
                    ALTER TABLE sources ADD COLUMN idempotency_json_pointer TEXT;
                    """),
            new Migration(6, """
                    ALTER TABLE routes ADD COLUMN filters TEXT NOT NULL DEFAULT '';

                    DROP INDEX routes_once;

                    CREATE UNIQUE INDEX routes_once ON routes (source_id, target_id, event_types, filters);
                    """),
            new Migration(7, """
                    ALTER TABLE sources ADD COLUMN forward_headers TEXT NOT NULL DEFAULT '';
                    """),
            new Migration(8, """
                    ALTER TABLE targets ADD COLUMN previous_secret TEXT;

                    ALTER TABLE targets ADD COLUMN previous_secret_until INTEGER
                        CHECK ((previous_secret IS NULL) = (previous_secret_until IS NULL));
                    """),
            new Migration(9, """
                    ALTER TABLE targets ADD COLUMN rate_limit_per_s REAL CHECK (rate_limit_per_s BETWEEN 0.01 AND 100000);
                    """),
            new Migration(10, """
                    ALTER TABLE targets ADD COLUMN ordering TEXT NOT NULL DEFAULT 'none' CHECK (ordering IN ('none', 'fifo'));
                    """),
            new Migration(11, """
                    CREATE TABLE settings (
                        name  TEXT NOT NULL PRIMARY KEY,
                        value TEXT NOT NULL
                    ) WITHOUT ROWID;

                    CREATE TABLE target_alerts (
                        target_id TEXT    NOT NULL PRIMARY KEY,
                        paused    INTEGER NOT NULL CHECK (paused IN (0, 1))
                    ) WITHOUT ROWID;
                    """),
            new Migration(12, """
                    CREATE TABLE tenants (
                        id            TEXT    NOT NULL PRIMARY KEY,
                        name          TEXT    NOT NULL,
                        ingest_per_s  INTEGER CHECK (ingest_per_s > 0),
                        max_in_flight INTEGER CHECK (max_in_flight > 0),
                        max_sources   INTEGER CHECK (max_sources > 0),
                        max_targets   INTEGER CHECK (max_targets > 0),
                        suspended     INTEGER NOT NULL DEFAULT 0 CHECK (suspended IN (0, 1)),
                        created_at    INTEGER NOT NULL
                    ) WITHOUT ROWID;

                    INSERT INTO tenants (id, name, created_at)
                    VALUES ('default', 'Default', CAST(unixepoch('subsec') * 1000 AS INTEGER));
                    """),
            new Migration(13, """
                    CREATE TABLE tenant_keys (
                        id           TEXT    NOT NULL PRIMARY KEY,
                        tenant_id    TEXT    NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
                        name         TEXT    NOT NULL,
                        scope        TEXT    NOT NULL CHECK (scope IN ('admin', 'read')),
                        token_hash   TEXT    NOT NULL UNIQUE,
                        created_at   INTEGER NOT NULL,
                        expires_at   INTEGER,
                        last_used_at INTEGER
                    ) WITHOUT ROWID;

                    CREATE INDEX tenant_keys_of_tenant ON tenant_keys (tenant_id, id);
                    """),
            new Migration(14, """
                    CREATE TABLE audit_log (
                        id            TEXT    NOT NULL PRIMARY KEY,
                        at            INTEGER NOT NULL,
                        actor         TEXT    NOT NULL,
                        tenant_id     TEXT    NOT NULL,
                        action        TEXT    NOT NULL,
                        resource_type TEXT    NOT NULL,
                        resource_id   TEXT
                    ) WITHOUT ROWID;

                    CREATE INDEX audit_log_of_tenant ON audit_log (tenant_id, id);
                    """),
            new Migration(15, """
                    CREATE TABLE sources_v15 (
                        tenant_id                TEXT    NOT NULL,
                        id                       TEXT    NOT NULL,
                        verify_scheme            TEXT    NOT NULL,
                        verify_secret            TEXT    NOT NULL,
                        verify_header            TEXT    NOT NULL,
                        verify_prefix            TEXT    NOT NULL,
                        verify_encoding          TEXT    NOT NULL,
                        idempotency_header       TEXT,
                        event_type_header        TEXT,
                        event_type_json_pointer  TEXT,
                        max_body_bytes           INTEGER NOT NULL,
                        created_at               INTEGER NOT NULL,
                        updated_at               INTEGER NOT NULL,
                        redact_headers           TEXT    NOT NULL DEFAULT '',
                        idempotency_json_pointer TEXT,
                        forward_headers          TEXT    NOT NULL DEFAULT '',
                        PRIMARY KEY (tenant_id, id)
                    ) STRICT;

                    INSERT INTO sources_v15
                    SELECT 'default', id, verify_scheme, verify_secret, verify_header, verify_prefix, verify_encoding,
                           idempotency_header, event_type_header, event_type_json_pointer, max_body_bytes, created_at, updated_at,
                           redact_headers, idempotency_json_pointer, forward_headers
                      FROM sources;

                    CREATE TABLE targets_v15 (
                        tenant_id             TEXT    NOT NULL,
                        id                    TEXT    NOT NULL,
                        url                   TEXT    NOT NULL,
                        secret                TEXT    NOT NULL,
                        timeout_ms            INTEGER NOT NULL,
                        retry_schedule_s      TEXT    NOT NULL,
                        max_in_flight         INTEGER NOT NULL,
                        created_at            INTEGER NOT NULL,
                        updated_at            INTEGER NOT NULL,
                        previous_secret       TEXT,
                        previous_secret_until INTEGER CHECK ((previous_secret IS NULL) = (previous_secret_until IS NULL)),
                        rate_limit_per_s      REAL CHECK (rate_limit_per_s BETWEEN 0.01 AND 100000),
                        ordering              TEXT    NOT NULL DEFAULT 'none' CHECK (ordering IN ('none', 'fifo')),
                        PRIMARY KEY (tenant_id, id)
                    ) STRICT;

                    INSERT INTO targets_v15
                    SELECT 'default', id, url, secret, timeout_ms, retry_schedule_s, max_in_flight, created_at, updated_at,
                           previous_secret, previous_secret_until, rate_limit_per_s, ordering
                      FROM targets;

                    CREATE TABLE routes_v15 (
                        id          TEXT    NOT NULL PRIMARY KEY,
                        tenant_id   TEXT    NOT NULL,
                        source_id   TEXT    NOT NULL,
                        target_id   TEXT    NOT NULL,
                        event_types TEXT    NOT NULL,
                        created_at  INTEGER NOT NULL,
                        filters     TEXT    NOT NULL DEFAULT '',
                        FOREIGN KEY (tenant_id, source_id) REFERENCES sources_v15 (tenant_id, id) ON DELETE CASCADE,
                        FOREIGN KEY (tenant_id, target_id) REFERENCES targets_v15 (tenant_id, id) ON DELETE CASCADE
                    ) STRICT;

                    INSERT INTO routes_v15 (id, tenant_id, source_id, target_id, event_types, created_at, filters)
                    SELECT id, 'default', source_id, target_id, event_types, created_at, filters FROM routes;

                    DROP TABLE routes;

                    DROP TABLE sources;

                    DROP TABLE targets;

                    ALTER TABLE sources_v15 RENAME TO sources;

                    ALTER TABLE targets_v15 RENAME TO targets;

                    ALTER TABLE routes_v15 RENAME TO routes;

                    CREATE INDEX routes_by_source ON routes (tenant_id, source_id, id);

                    CREATE INDEX routes_by_target ON routes (tenant_id, target_id);

                    CREATE UNIQUE INDEX routes_once ON routes (tenant_id, source_id, target_id, event_types, filters);

                    CREATE TABLE idempotency_keys_v15 (
                        tenant_id TEXT NOT NULL,
                        source_id TEXT NOT NULL,
                        key       TEXT NOT NULL,
                        event_id  TEXT NOT NULL REFERENCES events (id),
                        PRIMARY KEY (tenant_id, source_id, key)
                    ) WITHOUT ROWID, STRICT;

                    INSERT INTO idempotency_keys_v15 (tenant_id, source_id, key, event_id)
                    SELECT 'default', source_id, key, event_id FROM idempotency_keys;

                    DROP TABLE idempotency_keys;

                    ALTER TABLE idempotency_keys_v15 RENAME TO idempotency_keys;

                    CREATE INDEX idempotency_keys_by_event ON idempotency_keys (event_id);

                    ALTER TABLE events ADD COLUMN tenant_id TEXT NOT NULL DEFAULT 'default';

                    DROP INDEX events_by_source;

                    CREATE INDEX events_by_source ON events (tenant_id, source_id, id);

                    CREATE INDEX events_of_tenant ON events (tenant_id, id);

                    ALTER TABLE deliveries ADD COLUMN tenant_id TEXT NOT NULL DEFAULT 'default';

                    DROP INDEX deliveries_by_target;

                    CREATE INDEX deliveries_by_target ON deliveries (tenant_id, target_id, id);

                    CREATE INDEX deliveries_of_tenant ON deliveries (tenant_id, id);

                    DROP INDEX deliveries_by_event;

                    CREATE INDEX deliveries_by_event ON deliveries (event_id, tenant_id, id);

                    CREATE TABLE settings_v15 (
                        tenant_id TEXT NOT NULL,
                        name      TEXT NOT NULL,
                        value     TEXT NOT NULL,
                        PRIMARY KEY (tenant_id, name)
                    ) WITHOUT ROWID;

                    INSERT INTO settings_v15 (tenant_id, name, value) SELECT 'default', name, value FROM settings;

                    DROP TABLE settings;

                    ALTER TABLE settings_v15 RENAME TO settings;
                    """),
            new Migration(16, """
                    CREATE TABLE tenant_usage (
                        tenant_id            TEXT    NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
                        day                  INTEGER NOT NULL,
                        events_accepted      INTEGER NOT NULL,
                        attempts             INTEGER NOT NULL,
                        deliveries_succeeded INTEGER NOT NULL,
                        deliveries_failed    INTEGER NOT NULL,
                        PRIMARY KEY (tenant_id, day)
                    ) WITHOUT ROWID, STRICT;
                    """)));

    private RelayMigrations() {
    }
}
