package io.hookrelay.storage.postgres.relay;

import static io.hookrelay.delivery.testing.RelayFixture.TENANT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import io.hookrelay.delivery.model.Delivery;
import io.hookrelay.delivery.model.Event;
import io.hookrelay.delivery.model.EventSummary;
import io.hookrelay.delivery.model.IngestResult;
import io.hookrelay.delivery.model.NewDelivery;
import io.hookrelay.delivery.model.Route;
import io.hookrelay.delivery.model.ScopedId;
import io.hookrelay.delivery.model.Settings;
import io.hookrelay.delivery.model.TenantId;
import io.hookrelay.delivery.model.Ulids;
import io.hookrelay.delivery.port.RouteStore.Creation;
import io.hookrelay.delivery.port.SettingsStore;
import io.hookrelay.delivery.query.BulkRetry;
import io.hookrelay.delivery.query.DeliveryFilter;
import io.hookrelay.delivery.query.EventFilter;
import io.hookrelay.delivery.query.PageRequest;
import io.hookrelay.delivery.testing.Committed;
import io.hookrelay.delivery.testing.RelayFixture;
import io.hookrelay.queue.ClaimRef;
import io.hookrelay.queue.Intent;
import io.hookrelay.queue.IntentState;
import io.hookrelay.queue.testing.MutableClock;
import io.hookrelay.storage.jdbi.RouteColumns;
import io.hookrelay.storage.jdbi.SourceColumns;
import io.hookrelay.storage.jdbi.TargetColumns;
import io.hookrelay.storage.postgres.PostgresDatabase;
import io.hookrelay.storage.postgres.PostgresIntentStore;
import io.hookrelay.storage.postgres.PostgresSettings;
import io.hookrelay.storage.postgres.RelayNode;
import io.hookrelay.storage.postgres.schema.MigrationTrack;
import io.hookrelay.storage.postgres.schema.PostgresMigrations;
import io.hookrelay.storage.postgres.schema.QueueSchema;
import io.hookrelay.storage.postgres.schema.RelaySchema;
import io.hookrelay.storage.postgres.testing.PostgresTestDatabase;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.Jdbi;
import org.jdbi.v3.sqlobject.SqlObjectPlugin;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A database the relay's version before tenants made, with a row of every kind, opened by this version: all of it is
 * the default tenant's, read through the stores as it was, and another tenant makes the same ids its own.
 */
class TenantMigrationTest {
    /** The relay's last version before tenants. */
    private static final int BEFORE_TENANTS = 12;
    private static final Instant NOW = Instant.parse("2026-12-01T12:00:00Z");
    private static final TenantId ACME = TenantId.of("acme");
    private static final String ERROR = "http_5xx: receiver answered 500";

    @RegisterExtension
    static final PostgresTestDatabase postgres = new PostgresTestDatabase();

    private final MutableClock clock = new MutableClock(NOW);
    private final Ulids ulids = new Ulids(clock);
    private Route route;
    private Event event;
    private String failed;
    private String waiting;
    private RelayNode node;
    private RelayFixture relay;
    private SettingsStore settings;

    @BeforeEach
    void openAfterThePreviousVersion() throws Exception {
        PostgresSettings database = postgres.freshSchema();
        writePreviousVersion(database);
        node = new RelayNode(database, clock);
        relay = new RelayFixture(clock, node.stores());
        settings = node.relay.settings();
    }

    @AfterEach
    void close() {
        relay.close();
    }

    @Test
    void everyRowIsTheDefaultTenantsAndReadsBackAsItWas() {
        DeliveryFilter toBilling = new DeliveryFilter(Optional.empty(), Optional.of("billing"), Optional.empty());

        assertThat(relay.sources.find(TENANT, "orders")).contains(RelayFixture.source("orders"));
        assertThat(relay.targets.list(TENANT)).containsExactly(RelayFixture.target("audit"), RelayFixture.target("billing"));
        assertThat(relay.routes.forSource(TENANT, "orders")).containsExactly(route);
        assertThat(relay.events.find(TENANT, event.id())).contains(event);
        assertThat(relay.events.list(TENANT, EventFilter.all(), PageRequest.first(10)).items())
                .extracting(EventSummary::id).containsExactly(event.id());
        assertThat(relay.events.idByIdempotencyKey(TENANT, "orders", "key-1")).contains(event.id());
        assertThat(relay.deliveries.forEvent(TENANT, event.id()))
                .extracting(Delivery::id, Delivery::targetId, Delivery::state)
                .containsExactlyInAnyOrder(tuple(failed, "billing", IntentState.FAILED),
                        tuple(waiting, "audit", IntentState.PENDING));
        assertThat(relay.deliveries.list(TENANT, toBilling, PageRequest.first(10)).items())
                .extracting(Delivery::id).containsExactly(failed);
        assertThat(relay.deliveries.countPendingByTarget(TENANT, 100)).containsExactly(Map.entry("audit", 1L));
        assertThat(settings.read(TENANT)).isEqualTo(new Settings(Optional.of("billing")));
        assertThat(tablesWhoseTenantHasNoDefault())
                .contains("sources", "targets", "routes", "events", "idempotency_keys", "deliveries", "settings");
    }

    @Test
    void anotherTenantMakesTheSameIdsItsOwnAndEachReadsOnlyItsOwn() {
        Route acmes = relay.route("orders", "billing", "invoice.paid");
        Event acmeEvent = relay.event("orders");

        assertThat(relay.sources.create(ACME, RelayFixture.source("orders"))).isTrue();
        assertThat(relay.targets.create(ACME, RelayFixture.target("billing"))).isTrue();
        assertThat(relay.routes.create(ACME, acmes)).isEqualTo(Creation.CREATED);
        assertThat(relay.routes.create(ACME, relay.route("orders", "audit"))).as("audit is the default tenant's")
                .isEqualTo(Creation.NO_SOURCE_OR_TARGET);
        settings.write(ACME, new Settings(Optional.of("billing")));
        settings.write(ACME, Settings.NONE);
        IngestResult stored = Committed.join(relay.events.store(ACME, acmeEvent, Optional.of("key-1"),
                relay.deliveriesOf(ACME, acmeEvent, "billing"), clock.instant()));

        assertThat(stored.duplicate()).isFalse();
        assertThat(relay.routes.list(ACME)).containsExactly(acmes);
        assertThat(relay.routes.list(TENANT)).containsExactly(route);
        assertThat(settings.read(TENANT)).isEqualTo(new Settings(Optional.of("billing")));
        assertThat(relay.events.idByIdempotencyKey(ACME, "orders", "key-1")).contains(acmeEvent.id());
        assertThat(relay.events.idByIdempotencyKey(TENANT, "orders", "key-1")).contains(event.id());
        assertThat(relay.events.find(ACME, event.id())).isEmpty();
        assertThat(relay.events.find(TENANT, acmeEvent.id())).isEmpty();
        assertThat(relay.deliveries.list(ACME, DeliveryFilter.all(), PageRequest.first(10)).items())
                .extracting(Delivery::eventId).containsExactly(acmeEvent.id());
        assertThat(relay.deliveries.find(ACME, failed)).isEmpty();

        assertThat(relay.targets.delete(ACME, "billing", clock.instant())).isTrue();
        assertThat(relay.routes.list(TENANT)).containsExactly(route);
        assertThat(relay.targets.find(TENANT, "billing")).contains(RelayFixture.target("billing"));
    }

    @Test
    void bulkRetriesAndPendingCountsKeepToTheirTenant() {
        relay.configure(ACME, List.of("orders"), List.of("billing"));
        String acmes = relay.ingest(ACME, "orders", "billing").deliveryTo("billing");
        relay.intents.fail(relay.claimAll().get(acmes), ERROR, clock.instant());
        BulkRetry failedOnes = new BulkRetry(IntentState.FAILED, Optional.empty(), Optional.empty());
        BulkRetry failedToBilling = new BulkRetry(IntentState.FAILED, Optional.of("billing"), Optional.empty());

        assertThat(relay.deliveries.countRetryable(TENANT, failedOnes, 100)).isEqualTo(1);
        assertThat(relay.deliveries.retryAll(ACME, failedOnes, clock.instant())).isEqualTo(1);

        assertThat(relay.intents.find(failed).orElseThrow().state()).isEqualTo(IntentState.FAILED);
        assertThat(relay.deliveries.countPendingByTarget(ACME, 100)).containsExactly(Map.entry("billing", 1L));
        assertThat(relay.deliveries.countPendingByTarget(TENANT, 100)).containsExactly(Map.entry("audit", 1L));
        assertThat(relay.deliveries.retryAll(TENANT, failedToBilling, clock.instant())).isEqualTo(1);
        assertThat(relay.intents.find(failed).orElseThrow().state()).isEqualTo(IntentState.PENDING);
        List<NewDelivery> toAcmes = relay.deliveriesOf(ACME, event, "billing");
        assertThatThrownBy(() -> relay.events.addDeliveries(TENANT, toAcmes, clock.instant()))
                .isInstanceOf(IllegalArgumentException.class);
    }

    /**
     * The relay's tables at the version before tenants, holding what its statements wrote: a source, two targets, a
     * route, an event with an idempotency key and its deliveries, one failed and one waiting, and a setting.
     */
    private void writePreviousVersion(PostgresSettings database) {
        Jdbi jdbi = Jdbi.create(database.jdbcUrl(), database.user(), database.password().orElse(""))
                .installPlugin(new SqlObjectPlugin());
        route = new Route(ulids.next(Ulids.ROUTE), "orders", "billing", List.of("invoice.paid"), List.of());
        event = new Event(ulids.next(Ulids.EVENT), "orders", Optional.of("invoice.paid"), NOW, "application/json",
                Map.of("content-type", "application/json"), "{\"n\":1}".getBytes(StandardCharsets.UTF_8));
        try (Handle handle = jdbi.open()) {
            PostgresMigrations.apply(handle, QueueSchema.TRACK, clock);
            MigrationTrack beforeTenants = new MigrationTrack(RelaySchema.TRACK.name(),
                    RelaySchema.TRACK.migrations().subList(0, BEFORE_TENANTS));
            PostgresMigrations.apply(handle, beforeTenants, clock);
            handle.execute("INSERT INTO secret_key_check (id, value) VALUES (1, ?)", RelayNode.KEY.keyCheck());
            insert(handle, "sources", SourceColumns.NAMES, SourceColumns.values(RelayFixture.source("orders"),
                    PostgresStoredForms.INSTANCE, RelayNode.KEY, NOW));
            for (String target : List.of("billing", "audit")) {
                insert(handle, "targets", TargetColumns.NAMES, TargetColumns.values(RelayFixture.target(target),
                        PostgresStoredForms.INSTANCE, RelayNode.KEY, NOW));
            }
            handle.execute("""
                    INSERT INTO routes (id, source_id, target_id, event_types, filters, created_at)
                    VALUES (?, 'orders', 'billing', ?, '', 0)
                    """, route.id(), RouteColumns.eventTypes(route));
            handle.execute("""
                    INSERT INTO events (id, source_id, event_type, received_at, content_type, header_names, header_values,
                                        body)
                    VALUES (?, 'orders', 'invoice.paid', ?, 'application/json', '{content-type}', '{application/json}',
                            ?)
                    """, event.id(), NOW.toEpochMilli(), event.body());
            handle.execute("INSERT INTO idempotency_keys (source_id, key, event_id) VALUES ('orders', 'key-1', ?)",
                    event.id());
            handle.execute("INSERT INTO settings (name, value) VALUES ('operator_target', 'billing')");
        }
        writeDeliveries(database);
    }

    /** Through the queue, whose tables tenants did not change: the intents of the default tenant's keys, bare ids. */
    private void writeDeliveries(PostgresSettings database) {
        List<NewDelivery> deliveries = Stream.of("billing", "audit")
                .map(target -> new NewDelivery(ulids.next(Ulids.DELIVERY), event.id(), new ScopedId(TENANT, target)))
                .toList();
        failed = deliveries.get(0).id();
        waiting = deliveries.get(1).id();
        try (PostgresDatabase opened = PostgresDatabase.open(database, clock);
             PostgresIntentStore intents = new PostgresIntentStore(opened)) {
            intents.inTransaction("store deliveries", (handle, writes) -> {
                writes.enqueueAll(deliveries.stream().map(NewDelivery::toIntent).toList(), NOW);
                for (NewDelivery delivery : deliveries) {
                    handle.execute("INSERT INTO deliveries (id, event_id, target_id) VALUES (?, ?, ?)", delivery.id(),
                            delivery.eventId(), delivery.target().id());
                }
                return null;
            });
            Map<String, ClaimRef> claims = intents.claim(NOW, RelayFixture.LEASE, 10).stream()
                    .collect(Collectors.toMap(Intent::id, Intent::requireClaim));
            intents.fail(claims.get(failed), ERROR, NOW);
            intents.retry(claims.get(waiting), NOW.plus(Duration.ofHours(1)), ERROR, NOW);
        }
    }

    /** A row as the version before tenants inserted it: the columns {@code names} lists, then its times. */
    private static void insert(Handle handle, String table, String names, Map<String, Object> values) {
        String bound = Arrays.stream(names.split(",\\s*")).map(name -> ":" + name).collect(Collectors.joining(", "));
        handle.createUpdate("INSERT INTO " + table + " (" + names + ", created_at, updated_at) VALUES (" + bound
                + ", :now, :now)").bindMap(values).execute();
    }

    private List<String> tablesWhoseTenantHasNoDefault() {
        return node.database.read("tenant columns", handle -> handle.createQuery("""
                SELECT table_name FROM information_schema.columns
                 WHERE table_schema = current_schema() AND column_name = 'tenant_id' AND is_nullable = 'NO'
                   AND column_default IS NULL
                """).mapTo(String.class).list());
    }
}
