package io.hookrelay.delivery.testing;

import io.hookrelay.delivery.model.Delivery;
import io.hookrelay.delivery.model.Event;
import io.hookrelay.delivery.model.EventSummary;
import io.hookrelay.delivery.model.EventTypeSource;
import io.hookrelay.delivery.model.IngestResult;
import io.hookrelay.delivery.model.NewDelivery;
import io.hookrelay.delivery.model.Route;
import io.hookrelay.delivery.model.ScopedId;
import io.hookrelay.delivery.model.Source;
import io.hookrelay.delivery.model.Target;
import io.hookrelay.delivery.model.TenantId;
import io.hookrelay.delivery.model.Ulids;
import io.hookrelay.delivery.model.Verification;
import io.hookrelay.delivery.port.AuditStore;
import io.hookrelay.delivery.port.DeliveryStore;
import io.hookrelay.delivery.port.EventStore;
import io.hookrelay.delivery.port.RetentionStore;
import io.hookrelay.delivery.port.RouteStore;
import io.hookrelay.delivery.port.SettingsStore;
import io.hookrelay.delivery.port.SourceStore;
import io.hookrelay.delivery.port.TargetAlerts;
import io.hookrelay.delivery.port.TargetStore;
import io.hookrelay.delivery.port.TenantPurgeStore;
import io.hookrelay.delivery.port.TenantStore;
import io.hookrelay.delivery.query.DeliveryFilter;
import io.hookrelay.delivery.query.EventFilter;
import io.hookrelay.delivery.query.Page;
import io.hookrelay.delivery.query.PageRequest;
import io.hookrelay.queue.ClaimRef;
import io.hookrelay.queue.Intent;
import io.hookrelay.queue.IntentStore;
import io.hookrelay.queue.testing.MutableClock;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.stream.Collectors;

/**
 * One set of relay stores on one database, and builders for the rows the tests need, through the ports
 * only. Ids come from their own clock, one millisecond apart, so ids made later always sort later, as they
 * do in production across milliseconds.
 */
public class RelayFixture implements AutoCloseable {
    public static final String SECRET = "whsec_" + "MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=";
    public static final Duration LEASE = Duration.ofMinutes(1);
    /** The tenant the fixture's rows are made in. */
    public static final TenantId TENANT = TenantId.DEFAULT;

    public final MutableClock clock;
    public final SourceStore sources;
    public final TargetStore targets;
    public final RouteStore routes;
    public final EventStore events;
    public final DeliveryStore deliveries;
    public final RetentionStore retention;
    public final IntentStore intents;
    public final TenantStore tenants;
    public final SettingsStore settings;
    public final AuditStore audit;
    public final TargetAlerts alerts;
    public final TenantPurgeStore purge;

    private final RelayStores stores;
    private final MutableClock idClock = new MutableClock();
    private final Ulids ulids = new Ulids(idClock);

    public RelayFixture(MutableClock clock, RelayStores stores) {
        this.clock = clock;
        this.stores = stores;
        sources = stores.sources();
        targets = stores.targets();
        routes = stores.routes();
        events = stores.events();
        deliveries = stores.deliveries();
        retention = stores.retention();
        intents = stores.intents();
        tenants = stores.tenants();
        settings = stores.settings();
        audit = stores.audit();
        alerts = stores.alerts();
        purge = stores.purge();
    }

    public String nextId(String prefix) {
        idClock.advance(Duration.ofMillis(1));
        return ulids.next(prefix);
    }

    public static Source source(String id) {
        return new Source(id, Verification.none(), Optional.empty(), new EventTypeSource.None(),
                Source.DEFAULT_MAX_BODY_BYTES);
    }

    public static Target target(String id) {
        return new Target(id, URI.create("https://receiver.example/hooks/" + id), SECRET, Target.DEFAULT_TIMEOUT,
                Target.DEFAULT_RETRY_SCHEDULE, Target.DEFAULT_MAX_IN_FLIGHT);
    }

    public Route route(String sourceId, String targetId, String... eventTypes) {
        return new Route(nextId(Ulids.ROUTE), sourceId, targetId, List.of(eventTypes), List.of());
    }

    /** Creates sources and targets with default settings. */
    public void configure(List<String> sourceIds, List<String> targetIds) {
        configure(TENANT, sourceIds, targetIds);
    }

    /** Creates sources and targets with default settings in {@code tenant}. */
    public void configure(TenantId tenant, List<String> sourceIds, List<String> targetIds) {
        sourceIds.forEach(id -> sources.create(tenant, source(id)));
        targetIds.forEach(id -> targets.create(tenant, target(id)));
    }

    public Event event(String sourceId, byte[] body) {
        return new Event(nextId(Ulids.EVENT), sourceId, Optional.of("invoice.paid"), clock.instant(),
                "application/json", Map.of("content-type", "application/json"), body);
    }

    public Event event(String sourceId) {
        return event(sourceId, "{\"n\":1}".getBytes(StandardCharsets.UTF_8));
    }

    public NewDelivery delivery(Event event, String targetId) {
        return delivery(TENANT, event, targetId);
    }

    public NewDelivery delivery(TenantId tenant, Event event, String targetId) {
        return new NewDelivery(nextId(Ulids.DELIVERY), event.id(), new ScopedId(tenant, targetId));
    }

    public List<NewDelivery> deliveriesOf(Event event, String... targetIds) {
        return deliveriesOf(TENANT, event, targetIds);
    }

    public List<NewDelivery> deliveriesOf(TenantId tenant, Event event, String... targetIds) {
        return Arrays.stream(targetIds).map(targetId -> delivery(tenant, event, targetId)).toList();
    }

    /** An event of {@code sourceId}, stored without an idempotency key, with one delivery per target. */
    public Ingested ingest(String sourceId, String... targetIds) {
        return ingest(TENANT, sourceId, targetIds);
    }

    /** An event of {@code tenant}'s {@code sourceId}, stored without an idempotency key, with one delivery per target. */
    public Ingested ingest(TenantId tenant, String sourceId, String... targetIds) {
        Event event = event(sourceId);
        List<NewDelivery> made = deliveriesOf(tenant, event, targetIds);
        IngestResult result = Committed.join(events.store(tenant, event, Optional.empty(), made, clock.instant()));
        return new Ingested(event, made, result);
    }

    /** Claims every due intent: each comes back running, by id with its fence. */
    public Map<String, ClaimRef> claimAll() {
        return intents.claim(clock.instant(), LEASE, 10_000).stream()
                .collect(Collectors.toMap(Intent::id, Intent::requireClaim));
    }

    public Instant advance(Duration amount) {
        return clock.advance(amount);
    }

    /**
     * Every event and delivery the stores hold and the queue's pending counts, read through the ports: to
     * see that a refused call wrote nothing anywhere.
     */
    public Stored stored() {
        List<EventSummary> allEvents = everyPage((limit, before) -> events.list(TENANT, EventFilter.all(),
                new PageRequest(limit, before)));
        List<Delivery> allDeliveries = everyPage((limit, before) -> deliveries.list(TENANT, DeliveryFilter.all(),
                new PageRequest(limit, before)));
        Map<String, Long> pending = intents.countPendingByKind().entrySet().stream()
                .filter(count -> count.getValue() > 0)
                .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
        return new Stored(allEvents, allDeliveries, pending);
    }

    @Override
    public void close() {
        stores.close();
    }

    private static <T> List<T> everyPage(BiFunction<Integer, Optional<String>, Page<T>> list) {
        List<T> all = new ArrayList<>();
        Optional<String> before = Optional.empty();
        do {
            Page<T> page = list.apply(PageRequest.LARGEST_LIMIT, before);
            all.addAll(page.items());
            before = page.nextBefore();
        } while (before.isPresent());
        return all;
    }

    /** What an ingest made. */
    public record Ingested(Event event, List<NewDelivery> deliveries, IngestResult result) {
        public Ingested {
            deliveries = List.copyOf(deliveries);
        }

        public String deliveryTo(String targetId) {
            return deliveries.stream().filter(delivery -> delivery.target().id().equals(targetId))
                    .map(NewDelivery::id).findFirst().orElseThrow();
        }
    }

    /** The stores' contents as the ports show them; pending counts list only kinds with some. */
    public record Stored(List<EventSummary> events, List<Delivery> deliveries, Map<String, Long> pendingByKind) {
        public Stored {
            events = List.copyOf(events);
            deliveries = List.copyOf(deliveries);
            pendingByKind = Map.copyOf(pendingByKind);
        }

        public boolean isEmpty() {
            return events.isEmpty() && deliveries.isEmpty() && pendingByKind.isEmpty();
        }
    }
}
