package io.hookrelay.storage.sqlite;

import io.hookrelay.delivery.Event;
import io.hookrelay.delivery.EventTypeSource;
import io.hookrelay.delivery.IngestResult;
import io.hookrelay.delivery.NewDelivery;
import io.hookrelay.delivery.Route;
import io.hookrelay.delivery.Source;
import io.hookrelay.delivery.Target;
import io.hookrelay.delivery.Ulids;
import io.hookrelay.delivery.Verification;
import io.hookrelay.queue.ClaimRef;
import io.hookrelay.queue.Intent;
import io.hookrelay.queue.testing.MutableClock;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * One open database with every relay store on it, and builders for the rows the tests need. Ids come from
 * their own clock, one millisecond apart, so ids made later always sort later, as they do in production
 * across milliseconds.
 */
final class RelayFixture implements AutoCloseable {
    static final String SECRET = "whsec_" + "MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=";
    static final Duration LEASE = Duration.ofMinutes(1);

    final MutableClock clock = new MutableClock();
    final SqliteRelayDatabase relayDatabase;
    final SqliteDatabase database;
    final SqliteSourceStore sources;
    final SqliteTargetStore targets;
    final SqliteRouteStore routes;
    final SqliteEventStore events;
    final SqliteDeliveryStore deliveries;
    final SqliteIntentStore intents;

    private final MutableClock idClock = new MutableClock();
    private final Ulids ulids = new Ulids(idClock);

    RelayFixture(Path dataDir) {
        relayDatabase = SqliteRelayDatabase.open(dataDir, clock);
        database = relayDatabase.database();
        sources = new SqliteSourceStore(relayDatabase);
        targets = new SqliteTargetStore(relayDatabase);
        routes = new SqliteRouteStore(relayDatabase);
        events = new SqliteEventStore(relayDatabase);
        deliveries = new SqliteDeliveryStore(relayDatabase);
        intents = new SqliteIntentStore(database);
    }

    String nextId(String prefix) {
        idClock.advance(Duration.ofMillis(1));
        return ulids.next(prefix);
    }

    static Source source(String id) {
        return new Source(id, Verification.none(), Optional.empty(), new EventTypeSource.None(),
                Source.DEFAULT_MAX_BODY_BYTES);
    }

    static Target target(String id) {
        return new Target(id, URI.create("https://receiver.example/hooks/" + id), SECRET, Target.DEFAULT_TIMEOUT,
                Target.DEFAULT_RETRY_SCHEDULE, Target.DEFAULT_MAX_IN_FLIGHT);
    }

    Route route(String sourceId, String targetId, String... eventTypes) {
        return new Route(nextId(Ulids.ROUTE), sourceId, targetId, List.of(eventTypes));
    }

    /** Creates sources and targets with default settings. */
    void configure(List<String> sourceIds, List<String> targetIds) {
        sourceIds.forEach(id -> sources.create(source(id)));
        targetIds.forEach(id -> targets.create(target(id)));
    }

    Event event(String sourceId, byte[] body) {
        return new Event(nextId(Ulids.EVENT), sourceId, Optional.of("invoice.paid"), clock.instant(),
                "application/json", Map.of("content-type", "application/json"), body);
    }

    Event event(String sourceId) {
        return event(sourceId, "{\"n\":1}".getBytes(StandardCharsets.UTF_8));
    }

    NewDelivery delivery(Event event, String targetId) {
        return new NewDelivery(nextId(Ulids.DELIVERY), event.id(), targetId);
    }

    List<NewDelivery> deliveriesOf(Event event, String... targetIds) {
        return Arrays.stream(targetIds).map(targetId -> delivery(event, targetId)).toList();
    }

    /** An event of {@code sourceId}, stored without an idempotency key, with one delivery per target. */
    Ingested ingest(String sourceId, String... targetIds) {
        Event event = event(sourceId);
        List<NewDelivery> made = deliveriesOf(event, targetIds);
        IngestResult result = events.store(event, Optional.empty(), made, clock.instant());
        return new Ingested(event, made, result);
    }

    /** Claims every due intent: each comes back running, by id with its fence. */
    Map<String, ClaimRef> claimAll() {
        return intents.claim(clock.instant(), LEASE, 10_000).stream()
                .collect(Collectors.toMap(Intent::id, Intent::requireClaim));
    }

    /** Rows in {@code table}, to see that a refused call wrote nothing anywhere. */
    long rows(String table) {
        return database.read("count " + table,
                handle -> handle.handle().createQuery("SELECT count(*) FROM " + table).mapTo(Long.class).one());
    }

    /** How many rows each relay table and the queue's intents hold. */
    Map<String, Long> tableSizes() {
        return Stream.of("events", "idempotency_keys", "deliveries", "intents")
                .collect(Collectors.toMap(table -> table, this::rows));
    }

    Instant advance(Duration amount) {
        return clock.advance(amount);
    }

    @Override
    public void close() {
        database.close();
    }

    record Ingested(Event event, List<NewDelivery> deliveries, IngestResult result) {
        String deliveryTo(String targetId) {
            return deliveries.stream().filter(delivery -> delivery.targetId().equals(targetId))
                    .map(NewDelivery::id).findFirst().orElseThrow();
        }

        List<String> deliveryIds() {
            return deliveries.stream().map(NewDelivery::id).toList();
        }
    }

    static <T> List<String> ids(List<T> items, Function<T, String> id) {
        return items.stream().map(id).toList();
    }
}
