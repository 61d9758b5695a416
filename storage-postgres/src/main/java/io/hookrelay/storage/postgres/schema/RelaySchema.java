package io.hookrelay.storage.postgres.schema;

import java.util.List;

/**
 * The relay's tables, a track of their own beside the queue's, so an application that embeds only the queue
 * never gets them. Times are epoch milliseconds in {@code bigint}, as in the queue's tables.
 *
 * <p>A delivery row keeps no copy of its state: it only ties an intent to its event and target, and goes
 * with its intent ({@code ON DELETE CASCADE}), so the queue's operations stay the one place intents change
 * or go. Routes go with their source or target; events and deliveries reference nothing an operator deletes,
 * so their history outlives the configuration that made them.
 *
 * <p>Ids are {@code COLLATE "C"}: pages walk ids in byte order, as the ULIDs sort, whatever the database's
 * own collation (which may ignore punctuation such as the {@code _} of {@code evt_}).
 *
 * <p>A route is unique by source, target and filters. Its event-type filters are one text, sorted and each once
 * as {@code Route} keeps them, so one text is one set, and its payload filters another; the index holds the
 * texts' digests because a route's filters may be longer than a b-tree entry can be. Concurrent creates of one route, on any nodes, store it
 * once.
 *
 * <p>What every node must count together lives here too, keyed by the queue's key of the target
 * ({@code ScopedId#key}) without a reference to the target, so an attempt that ends after its target was deleted
 * never fails on it: each target's {@code max_in_flight} slots ({@code PostgresDeliverySlots}), its streak of
 * failed attempts ({@code PostgresFailureStreaks}) and its rate limit's token bucket ({@code PostgresRateLimits}).
 *
 * <p>An idempotency key is inserted before its event, as the claim on the key that a concurrent ingest of
 * the same key waits for; its reference to the event is therefore checked at commit.
 *
 * <p>Every source, target, route, event, idempotency key, delivery and setting belongs to a tenant
 * ({@code tenant_id}). Source and target ids are unique within their tenant, so the tenant leads their keys and
 * the references routes make to them; route, event and delivery ids are ULIDs, unique across tenants, and stay
 * keys by themselves. A tenant's lists walk indexes led by the tenant, but an event's deliveries are indexed by
 * event first, which retention and the reference to the event look them up by. Version 13 puts the rows from
 * before tenants in {@code default}: each column is added with that default, then loses it, so no write can leave
 * the tenant out. Tables keyed by the queue's target key need no column: the key names the tenant, and in
 * {@code default} is the bare id it was.
 *
 * <p>Version 14 keeps tenants' usage by UTC day ({@code day} in days since 1970-01-01), apart from the events and
 * deliveries it counts so that retention leaves it, and going with its tenant. Every node adds its counts to the same
 * rows.
 */
public final class RelaySchema {
    public static final MigrationTrack TRACK = new MigrationTrack("relay", List.of(
            new Migration(1, """
                    CREATE TABLE secret_key_check (
                        id    int  NOT NULL PRIMARY KEY CHECK (id = 1),
                        value text NOT NULL
                    );

                    CREATE TABLE sources (
                        id                      text COLLATE "C" NOT NULL PRIMARY KEY,
                        verify_scheme           text   NOT NULL,
                        verify_secret           text   NOT NULL,
                        verify_header           text   NOT NULL,
                        verify_prefix           text   NOT NULL,
                        verify_encoding         text   NOT NULL,
                        idempotency_header      text,
                        event_type_header       text,
                        event_type_json_pointer text,
                        max_body_bytes          int    NOT NULL,
                        redact_headers          text[] NOT NULL,
                        created_at              bigint NOT NULL,
                        updated_at              bigint NOT NULL
                    );

                    CREATE TABLE targets (
                        id               text COLLATE "C" NOT NULL PRIMARY KEY,
                        url              text   NOT NULL,
                        secret           text   NOT NULL,
                        timeout_ms       bigint NOT NULL,
                        retry_schedule_s int[]  NOT NULL,
                        max_in_flight    int    NOT NULL,
                        created_at       bigint NOT NULL,
                        updated_at       bigint NOT NULL
                    );

                    CREATE TABLE routes (
                        id          text COLLATE "C" NOT NULL PRIMARY KEY,
                        source_id   text COLLATE "C" NOT NULL REFERENCES sources (id) ON DELETE CASCADE,
                        target_id   text COLLATE "C" NOT NULL REFERENCES targets (id) ON DELETE CASCADE,
                        event_types text   NOT NULL,
                        created_at  bigint NOT NULL
                    );

                    CREATE UNIQUE INDEX routes_once ON routes (source_id, target_id, md5(event_types));

                    CREATE INDEX routes_by_source ON routes (source_id, id);

                    CREATE INDEX routes_by_target ON routes (target_id);

                    CREATE TABLE events (
                        id            text COLLATE "C" NOT NULL PRIMARY KEY,
                        source_id     text COLLATE "C" NOT NULL,
                        event_type    text,
                        received_at   bigint NOT NULL,
                        content_type  text   NOT NULL,
                        header_names  text[] NOT NULL,
                        header_values text[] NOT NULL,
                        body          bytea  NOT NULL
                    );

                    CREATE INDEX events_by_source ON events (source_id, id);

                    CREATE INDEX events_by_received_at ON events (received_at, id);

                    CREATE TABLE idempotency_keys (
                        source_id text COLLATE "C" NOT NULL,
                        key       text NOT NULL,
                        event_id  text COLLATE "C" NOT NULL
                                  REFERENCES events (id) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED,
                        PRIMARY KEY (source_id, key)
                    );

                    CREATE INDEX idempotency_keys_by_event ON idempotency_keys (event_id);

                    CREATE TABLE deliveries (
                        id        text COLLATE "C" NOT NULL PRIMARY KEY REFERENCES intents (id) ON DELETE CASCADE,
                        event_id  text COLLATE "C" NOT NULL REFERENCES events (id),
                        target_id text COLLATE "C" NOT NULL
                    );

                    CREATE INDEX deliveries_by_event ON deliveries (event_id, id);

                    CREATE INDEX deliveries_by_target ON deliveries (target_id, id);
                    """),
            new Migration(2, """
                    CREATE TABLE target_slots (
                        target_id  text COLLATE "C" NOT NULL,
                        slot       int    NOT NULL CHECK (slot >= 0),
                        holder     text,
                        held_until bigint,
                        PRIMARY KEY (target_id, slot),
                        CHECK ((holder IS NULL) = (held_until IS NULL))
                    );

                    CREATE TABLE failure_streaks (
                        target_id text COLLATE "C" NOT NULL PRIMARY KEY,
                        streak    int NOT NULL CHECK (streak >= 0)
                    );
                    """),
            new Migration(3, """
                    ALTER TABLE sources ADD COLUMN idempotency_json_pointer text;
                    """),
            new Migration(4, """
                    ALTER TABLE routes ADD COLUMN filters text NOT NULL DEFAULT '';

                    DROP INDEX routes_once;

                    CREATE UNIQUE INDEX routes_once ON routes (source_id, target_id, md5(event_types), md5(filters));
                    """),
            new Migration(5, """
                    ALTER TABLE sources ADD COLUMN forward_headers text[] NOT NULL DEFAULT '{}';
                    """),
            new Migration(6, """
                    ALTER TABLE targets
                        ADD COLUMN previous_secret       text,
                        ADD COLUMN previous_secret_until bigint,
                        ADD CHECK ((previous_secret IS NULL) = (previous_secret_until IS NULL));
                    """),
            new Migration(7, """
                    ALTER TABLE targets ADD COLUMN rate_limit_per_s double precision
                        CHECK (rate_limit_per_s BETWEEN 0.01 AND 100000);

                    CREATE UNLOGGED TABLE target_buckets (
                        target_id   text COLLATE "C" NOT NULL PRIMARY KEY,
                        tokens      double precision NOT NULL,
                        waiting     double precision NOT NULL,
                        refilled_at bigint NOT NULL,
                        granted     boolean NOT NULL
                    );
                    """),
            new Migration(8, """
                    ALTER TABLE targets ADD COLUMN ordering text NOT NULL DEFAULT 'none' CHECK (ordering IN ('none', 'fifo'));
                    """),
            new Migration(9, """
                    CREATE TABLE settings (
                        name  text COLLATE "C" NOT NULL PRIMARY KEY,
                        value text NOT NULL
                    );

                    CREATE TABLE target_alerts (
                        target_id text COLLATE "C" NOT NULL PRIMARY KEY,
                        paused    boolean NOT NULL
                    );
                    """),
            new Migration(10, """
                    CREATE TABLE tenants (
                        id            text COLLATE "C" NOT NULL PRIMARY KEY,
                        name          text    NOT NULL,
                        ingest_per_s  integer CHECK (ingest_per_s > 0),
                        max_in_flight integer CHECK (max_in_flight > 0),
                        max_sources   integer CHECK (max_sources > 0),
                        max_targets   integer CHECK (max_targets > 0),
                        suspended     boolean NOT NULL DEFAULT false,
                        created_at    bigint  NOT NULL
                    );

                    INSERT INTO tenants (id, name, created_at)
                    VALUES ('default', 'Default', (extract(epoch FROM clock_timestamp()) * 1000)::bigint);
                    """),
            new Migration(11, """
                    CREATE TABLE tenant_keys (
                        id           text COLLATE "C" NOT NULL PRIMARY KEY,
                        tenant_id    text COLLATE "C" NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
                        name         text   NOT NULL,
                        scope        text   NOT NULL CHECK (scope IN ('admin', 'read')),
                        token_hash   text   NOT NULL UNIQUE,
                        created_at   bigint NOT NULL,
                        expires_at   bigint,
                        last_used_at bigint
                    );

                    CREATE INDEX tenant_keys_of_tenant ON tenant_keys (tenant_id, id);
                    """),
            new Migration(12, """
                    CREATE TABLE audit_log (
                        id            text COLLATE "C" NOT NULL PRIMARY KEY,
                        at            bigint NOT NULL,
                        actor         text   NOT NULL,
                        tenant_id     text COLLATE "C" NOT NULL,
                        action        text   NOT NULL,
                        resource_type text   NOT NULL,
                        resource_id   text
                    );

                    CREATE INDEX audit_log_of_tenant ON audit_log (tenant_id, id);
                    """),
            new Migration(13, """
                    ALTER TABLE routes ADD COLUMN tenant_id text COLLATE "C" NOT NULL DEFAULT 'default';

                    ALTER TABLE routes ALTER COLUMN tenant_id DROP DEFAULT,
                        DROP CONSTRAINT routes_source_id_fkey, DROP CONSTRAINT routes_target_id_fkey;

                    ALTER TABLE sources ADD COLUMN tenant_id text COLLATE "C" NOT NULL DEFAULT 'default';

                    ALTER TABLE sources ALTER COLUMN tenant_id DROP DEFAULT,
                        DROP CONSTRAINT sources_pkey, ADD PRIMARY KEY (tenant_id, id);

                    ALTER TABLE targets ADD COLUMN tenant_id text COLLATE "C" NOT NULL DEFAULT 'default';

                    ALTER TABLE targets ALTER COLUMN tenant_id DROP DEFAULT,
                        DROP CONSTRAINT targets_pkey, ADD PRIMARY KEY (tenant_id, id);

                    ALTER TABLE routes
                        ADD FOREIGN KEY (tenant_id, source_id) REFERENCES sources (tenant_id, id) ON DELETE CASCADE,
                        ADD FOREIGN KEY (tenant_id, target_id) REFERENCES targets (tenant_id, id) ON DELETE CASCADE;

                    DROP INDEX routes_once, routes_by_source, routes_by_target;

                    CREATE UNIQUE INDEX routes_once ON routes (tenant_id, source_id, target_id, md5(event_types), md5(filters));

                    CREATE INDEX routes_by_source ON routes (tenant_id, source_id, id);

                    CREATE INDEX routes_by_target ON routes (tenant_id, target_id);

                    ALTER TABLE events ADD COLUMN tenant_id text COLLATE "C" NOT NULL DEFAULT 'default';

                    ALTER TABLE events ALTER COLUMN tenant_id DROP DEFAULT;

                    DROP INDEX events_by_source;

                    CREATE INDEX events_of_tenant ON events (tenant_id, id);

                    CREATE INDEX events_by_source ON events (tenant_id, source_id, id);

                    ALTER TABLE idempotency_keys ADD COLUMN tenant_id text COLLATE "C" NOT NULL DEFAULT 'default';

                    ALTER TABLE idempotency_keys ALTER COLUMN tenant_id DROP DEFAULT,
                        DROP CONSTRAINT idempotency_keys_pkey, ADD PRIMARY KEY (tenant_id, source_id, key);

                    ALTER TABLE deliveries ADD COLUMN tenant_id text COLLATE "C" NOT NULL DEFAULT 'default';

                    ALTER TABLE deliveries ALTER COLUMN tenant_id DROP DEFAULT;

                    DROP INDEX deliveries_by_target, deliveries_by_event;

                    CREATE INDEX deliveries_of_tenant ON deliveries (tenant_id, id);

                    CREATE INDEX deliveries_by_target ON deliveries (tenant_id, target_id, id);

                    CREATE INDEX deliveries_by_event ON deliveries (event_id, tenant_id, id);

                    ALTER TABLE settings ADD COLUMN tenant_id text COLLATE "C" NOT NULL DEFAULT 'default';

                    ALTER TABLE settings ALTER COLUMN tenant_id DROP DEFAULT,
                        DROP CONSTRAINT settings_pkey, ADD PRIMARY KEY (tenant_id, name);
                    """),
            new Migration(14, """
                    CREATE TABLE tenant_usage (
                        tenant_id            text COLLATE "C" NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
                        day                  integer NOT NULL,
                        events_accepted      bigint  NOT NULL,
                        attempts             bigint  NOT NULL,
                        deliveries_succeeded bigint  NOT NULL,
                        deliveries_failed    bigint  NOT NULL,
                        PRIMARY KEY (tenant_id, day)
                    );
                    """)));

    private RelaySchema() {
    }
}
