package io.hookrelay.delivery.testing;

import static io.hookrelay.delivery.testing.RelayFixture.TENANT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import io.hookrelay.delivery.admin.EventAdmin;
import io.hookrelay.delivery.error.NotFoundException;
import io.hookrelay.delivery.model.Delivery;
import io.hookrelay.delivery.model.Event;
import io.hookrelay.delivery.model.EventSummary;
import io.hookrelay.delivery.model.IngestResult;
import io.hookrelay.delivery.model.NewDelivery;
import io.hookrelay.delivery.model.ScopedId;
import io.hookrelay.delivery.model.Settings;
import io.hookrelay.delivery.model.TenantId;
import io.hookrelay.delivery.model.Ulids;
import io.hookrelay.delivery.operator.OperatorRoute;
import io.hookrelay.delivery.port.EventStore;
import io.hookrelay.delivery.port.RetentionStore;
import io.hookrelay.delivery.query.EventFilter;
import io.hookrelay.delivery.query.Page;
import io.hookrelay.delivery.query.PageRequest;
import io.hookrelay.queue.Intent;
import io.hookrelay.queue.IntentQueue;
import io.hookrelay.queue.IntentState;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.CompletionStage;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The rules of {@link EventStore} that every store adapter keeps. */
public abstract class EventStoreContract extends RelayStoreContract {

    private EventStore events;

    @BeforeEach
    final void configureSourcesAndTargets() {
        events = relay.events;
        relay.configure(List.of("orders", "users"), List.of("billing", "audit"));
    }

    @Test
    void anEventIsReadOnlyInItsTenantWhoseIdempotencyKeysAreItsOwn() {
        Event ours = relay.event("orders");
        Event theirs = relay.event("orders");
        Committed.join(events.store(TENANT, ours, Optional.of("key-1"), List.of(), relay.clock.instant()));

        IngestResult stored = Committed.join(events.store(ACME, theirs, Optional.of("key-1"), List.of(), relay.clock.instant()));

        assertThat(stored.duplicate()).as("the same key of another tenant's source").isFalse();
        assertThat(events.find(ACME, ours.id())).isEmpty();
        assertThat(events.find(ACME, theirs.id())).contains(theirs);
        assertThat(events.idByIdempotencyKey(TENANT, "orders", "key-1")).contains(ours.id());
        assertThat(events.list(ACME, EventFilter.all(), PageRequest.first(10)).items()).extracting(EventSummary::id)
                .containsExactly(theirs.id());
        assertThat(events.addDeliveries(ACME, List.of(relay.delivery(ACME, ours, "billing")), relay.clock.instant()))
                .as("another tenant's event has gone, for this one").isFalse();
    }

    @Test
    void aDeliveryToAnotherTenantsTargetIsRefusedAndNothingStored() {
        Event event = relay.event("orders");
        RelayFixture.Stored before = relay.stored();

        assertThatThrownBy(() -> events.store(TENANT, event, Optional.empty(), List.of(relay.delivery(ACME, event, "billing")),
                relay.clock.instant())).isInstanceOf(IllegalArgumentException.class);
        assertThat(relay.stored()).isEqualTo(before);
        assertThat(events.find(TENANT, event.id())).isEmpty();
    }

    @Test
    void anIngestStoresTheEventWithOnePendingDeliveryIntentPerTarget() {
        Event event = relay.event("orders");
        List<NewDelivery> made = relay.deliveriesOf(event, "billing", "audit");
        Instant now = relay.advance(Duration.ofSeconds(1));

        IngestResult result = Committed.join(events.store(TENANT, event, Optional.of("key-1"), made, now));

        assertThat(result).isEqualTo(new IngestResult(event.id(), 2, false));
        assertThat(events.find(TENANT, event.id())).contains(event);
        assertThat(relay.deliveries.forEvent(TENANT, event.id())).containsExactly(
                new Delivery(made.get(0).id(), event.id(), "billing", IntentState.PENDING, 0, now, "", now, now),
                new Delivery(made.get(1).id(), event.id(), "audit", IntentState.PENDING, 0, now, "", now, now));
        for (NewDelivery delivery : made) {
            Intent intent = relay.intents.find(delivery.id()).orElseThrow();
            assertThat(intent.kind()).isEqualTo(Delivery.KIND);
            assertThat(intent.eventId()).isEqualTo(delivery.id());
            assertThat(intent.target()).isEqualTo(delivery.target().key());
            assertThat(intent.payload()).isEqualTo(event.id());
        }
        assertThat(relay.claimAll()).as("the deliveries are work the queue hands out")
                .containsOnlyKeys(made.get(0).id(), made.get(1).id());
    }

    @Test
    void anEventWithoutDeliveriesIsStillStored() {
        Event event = relay.event("orders");

        assertThat(Committed.join(events.store(TENANT, event, Optional.empty(), List.of(), relay.clock.instant())))
                .isEqualTo(new IngestResult(event.id(), 0, false));

        assertThat(events.find(TENANT, event.id())).contains(event);
    }

    protected static Stream<byte[]> bodies() {
        byte[] everyByte = new byte[256];
        IntStream.range(0, 256).forEach(i -> everyByte[i] = (byte) i);
        byte[] large = new byte[3 * 1024 * 1024 + 7];
        new Random(42).nextBytes(large);
        return Stream.of(
                new byte[0],
                new byte[] {(byte) 0xff, (byte) 0xfe, 0, (byte) 0x80, (byte) 0xc3, 0x28, 0},
                everyByte,
                "plain \u00e9t\u00e9 \uD83D\uDE80 text".getBytes(StandardCharsets.UTF_8),
                "caf\u00e9".getBytes(StandardCharsets.ISO_8859_1),
                large);
    }

    @ParameterizedTest
    @MethodSource("bodies")
    void bodiesComeBackByteForByte(byte[] body) {
        Event event = relay.event("orders", body);
        Committed.join(events.store(TENANT, event, Optional.empty(), List.of(), relay.clock.instant()));

        Event found = events.find(TENANT, event.id()).orElseThrow();

        assertThat(found.body()).isEqualTo(body);
        assertThat(events.list(TENANT, EventFilter.all(), PageRequest.first(1)).items())
                .extracting(EventSummary::bodyBytes).containsExactly(body.length);
    }

    @Test
    void everyFieldOfAnEventComesBack() {
        Map<String, String> headers = Map.of(
                "content-type", "text/plain; charset=utf-8",
                "x-signature", "t=1: v1=abc: def",
                "x-empty", "",
                "x-spaces", "  padded  ",
                "user-agent", "GitHub-Hookshot/abc");
        Event typed = new Event(relay.nextId(Ulids.EVENT), "orders", Optional.of("push"),
                Instant.parse("2026-03-04T05:06:07.891Z"), "text/plain; charset=utf-8", headers, new byte[] {1});
        Event untyped = new Event(relay.nextId(Ulids.EVENT), "users", Optional.empty(), relay.clock.instant(), "",
                Map.of(), new byte[0]);

        Committed.join(events.store(TENANT, typed, Optional.empty(), List.of(), relay.clock.instant()));
        Committed.join(events.store(TENANT, untyped, Optional.empty(), List.of(), relay.clock.instant()));

        assertThat(events.find(TENANT, typed.id())).contains(typed);
        assertThat(events.find(TENANT, untyped.id())).contains(untyped);
    }

    @Test
    void aRepeatedIdempotencyKeyWritesNothingAndAnswersTheFirstEvent() {
        Event first = relay.event("orders");
        Committed.join(events.store(TENANT, first, Optional.of("delivery-42"), relay.deliveriesOf(first, "billing"), relay.clock.instant()));
        RelayFixture.Stored before = relay.stored();
        Event repeat = relay.event("orders");
        List<NewDelivery> repeated = relay.deliveriesOf(repeat, "billing", "audit");

        IngestResult result = Committed.join(events.store(TENANT, repeat, Optional.of("delivery-42"), repeated, relay.advance(Duration.ofSeconds(1))));

        assertThat(result).isEqualTo(new IngestResult(first.id(), 1, true));
        assertThat(relay.stored()).isEqualTo(before);
        assertThat(repeated).allSatisfy(delivery -> assertThat(relay.intents.find(delivery.id())).isEmpty());
        assertThat(events.find(TENANT, repeat.id())).isEmpty();
        assertThat(relay.deliveries.forEvent(TENANT, repeat.id())).isEmpty();
    }

    @Test
    void aDuplicateAnswersTheFirstEventsDeliveriesIncludingReplays() {
        Event first = relay.event("orders");
        Committed.join(events.store(TENANT, first, Optional.of("k"), relay.deliveriesOf(first, "billing"), relay.clock.instant()));
        events.addDeliveries(TENANT, relay.deliveriesOf(first, "billing", "audit"), relay.clock.instant());
        Event repeat = relay.event("orders");

        IngestResult result = Committed.join(events.store(TENANT, repeat, Optional.of("k"), List.of(), relay.clock.instant()));

        assertThat(result).isEqualTo(new IngestResult(first.id(), 3, true));
    }

    @Test
    void keysAreScopedToTheirSourceAndNoKeyIsNeverADuplicate() {
        Event orders = relay.event("orders");
        Event users = relay.event("users");
        Event unkeyed = relay.event("orders");
        Event unkeyedAgain = relay.event("orders");

        assertThat(Committed.join(events.store(TENANT, orders, Optional.of("same"), List.of(), relay.clock.instant())).duplicate()).isFalse();
        assertThat(Committed.join(events.store(TENANT, users, Optional.of("same"), List.of(), relay.clock.instant())).duplicate()).isFalse();
        assertThat(Committed.join(events.store(TENANT, unkeyed, Optional.empty(), List.of(), relay.clock.instant())).duplicate()).isFalse();
        assertThat(Committed.join(events.store(TENANT, unkeyedAgain, Optional.empty(), List.of(), relay.clock.instant())).duplicate()).isFalse();

        assertThat(relay.stored().events()).hasSize(4);
    }

    @Test
    void anIngestThatFailsPartWayKeepsNothingNotEvenItsKey() {
        var earlier = relay.ingest("orders", "billing");
        Event event = relay.event("orders");
        List<NewDelivery> clashing = List.of(relay.delivery(event, "audit"),
                new NewDelivery(earlier.deliveryTo("billing"), event.id(), new ScopedId(TENANT, "billing")));
        RelayFixture.Stored before = relay.stored();

        assertThatThrownBy(() -> Committed.join(events.store(TENANT, event, Optional.of("k"), clashing, relay.clock.instant())))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(earlier.deliveryTo("billing"));

        assertThat(relay.stored()).isEqualTo(before);
        assertThat(events.find(TENANT, event.id())).isEmpty();
        List<NewDelivery> fresh = relay.deliveriesOf(event, "audit");
        assertThat(Committed.join(events.store(TENANT, event, Optional.of("k"), fresh, relay.clock.instant())))
                .as("the key was not taken").isEqualTo(new IngestResult(event.id(), 1, false));
    }

    @Test
    void deliveriesOfAnotherEventAreRefused() {
        Event event = relay.event("orders");
        Event other = relay.event("orders");

        assertThatThrownBy(() -> Committed.join(events.store(TENANT, event, Optional.empty(), relay.deliveriesOf(other, "billing"),
                relay.clock.instant()))).isInstanceOf(IllegalArgumentException.class);

        assertThat(relay.stored().isEmpty()).isTrue();
    }

    @Test
    void addedDeliveriesArePendingBesideTheEarlierOnes() {
        var ingested = relay.ingest("orders", "billing");
        relay.intents.complete(relay.claimAll().get(ingested.deliveryTo("billing")), relay.clock.instant());
        Instant replayedAt = relay.advance(Duration.ofMinutes(5));
        List<NewDelivery> replay = relay.deliveriesOf(ingested.event(), "billing", "audit");

        assertThat(events.addDeliveries(TENANT, replay, replayedAt)).isTrue();

        assertThat(relay.deliveries.forEvent(TENANT, ingested.event().id()))
                .extracting(Delivery::id, Delivery::state, Delivery::createdAt)
                .containsExactly(
                        tuple(ingested.deliveryTo("billing"), IntentState.COMPLETED,
                                ingested.event().receivedAt()),
                        tuple(replay.get(0).id(), IntentState.PENDING, replayedAt),
                        tuple(replay.get(1).id(), IntentState.PENDING, replayedAt));
    }

    @Test
    void deliveriesForAMissingEventAreRefusedAndNoneIsStored() {
        var ingested = relay.ingest("orders");
        Event neverStored = relay.event("orders");
        List<NewDelivery> mixed = new ArrayList<>(relay.deliveriesOf(ingested.event(), "billing"));
        mixed.addAll(relay.deliveriesOf(neverStored, "billing"));

        assertThat(events.addDeliveries(TENANT, mixed, relay.clock.instant())).isFalse();

        RelayFixture.Stored after = relay.stored();
        assertThat(after.deliveries()).isEmpty();
        assertThat(after.pendingByKind()).isEmpty();
        assertThat(mixed).allSatisfy(delivery -> assertThat(relay.intents.find(delivery.id())).isEmpty());
    }

    @Test
    void addingNoDeliveriesDoesNothing() {
        assertThat(events.addDeliveries(TENANT, List.of(), relay.clock.instant())).isTrue();

        assertThat(relay.stored().deliveries()).isEmpty();
        assertThat(relay.stored().pendingByKind()).isEmpty();
    }

    @Test
    void aMissingEventIsNotFound() {
        assertThat(events.find(TENANT, relay.nextId(Ulids.EVENT))).isEmpty();
    }

    @Test
    void pagesAreNewestFirstAndEndWithoutACursor() {
        List<String> newestFirst = storeEvents("orders", 5);

        Page<EventSummary> first = events.list(TENANT, EventFilter.all(), PageRequest.first(2));
        Page<EventSummary> second = events.list(TENANT, EventFilter.all(), new PageRequest(2, first.nextBefore()));
        Page<EventSummary> third = events.list(TENANT, EventFilter.all(), new PageRequest(2, second.nextBefore()));

        assertThat(first.items()).extracting(EventSummary::id).isEqualTo(newestFirst.subList(0, 2));
        assertThat(first.nextBefore()).contains(newestFirst.get(1));
        assertThat(second.items()).extracting(EventSummary::id).isEqualTo(newestFirst.subList(2, 4));
        assertThat(second.nextBefore()).contains(newestFirst.get(3));
        assertThat(third.items()).extracting(EventSummary::id).isEqualTo(newestFirst.subList(4, 5));
        assertThat(third.nextBefore()).isEmpty();
    }

    @Test
    void aPageThatEndsExactlyAtTheLastEventHasNoCursor() {
        List<String> newestFirst = storeEvents("orders", 4);

        Page<EventSummary> first = events.list(TENANT, EventFilter.all(), PageRequest.first(2));
        Page<EventSummary> second = events.list(TENANT, EventFilter.all(), new PageRequest(2, first.nextBefore()));
        Page<EventSummary> all = events.list(TENANT, EventFilter.all(), PageRequest.first(4));

        assertThat(second.items()).extracting(EventSummary::id).isEqualTo(newestFirst.subList(2, 4));
        assertThat(second.nextBefore()).isEmpty();
        assertThat(all.items()).hasSize(4);
        assertThat(all.nextBefore()).isEmpty();
        assertThat(events.list(TENANT, EventFilter.all(), PageRequest.first(3)).nextBefore()).contains(newestFirst.get(2));
    }

    @Test
    void laterPagesStayTheSameWhileNewerEventsArrive() {
        List<String> newestFirst = storeEvents("orders", 4);
        Page<EventSummary> first = events.list(TENANT, EventFilter.all(), PageRequest.first(2));

        storeEvents("orders", 3);

        Page<EventSummary> second = events.list(TENANT, EventFilter.all(), new PageRequest(2, first.nextBefore()));
        assertThat(second.items()).extracting(EventSummary::id).isEqualTo(newestFirst.subList(2, 4));
        assertThat(second.nextBefore()).isEmpty();
    }

    @Test
    void aSourceFilterPagesThroughThatSourceOnly() {
        List<String> orders = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            orders.add(0, relay.ingest("orders").event().id());
            relay.ingest("users");
        }

        Page<EventSummary> first = events.list(TENANT, EventFilter.ofSource("orders"), PageRequest.first(2));
        Page<EventSummary> second = events.list(TENANT, EventFilter.ofSource("orders"), new PageRequest(2, first.nextBefore()));

        assertThat(first.items()).extracting(EventSummary::id).isEqualTo(orders.subList(0, 2));
        assertThat(second.items()).extracting(EventSummary::id).isEqualTo(orders.subList(2, 3));
        assertThat(second.nextBefore()).isEmpty();
        assertThat(events.list(TENANT, EventFilter.ofSource("nobody"), PageRequest.first(10)).items()).isEmpty();
    }

    @Test
    void aTypeAndTimeFilterListsExactlyTheMatchingEventsNewestFirst() {
        Event early = typed("orders", "order.paid");
        Instant since = relay.advance(Duration.ofMinutes(1));
        Event paid = typed("orders", "order.paid");
        Event refunded = typed("orders", "order.refunded");
        Event elsewhere = typed("users", "order.paid");
        Instant until = relay.advance(Duration.ofMinutes(1));
        Event late = typed("orders", "order.paid");

        List<String> inRange = ids(new EventFilter(Optional.empty(), Optional.empty(), Optional.of(since), Optional.of(until)));
        List<String> paidInRange = ids(new EventFilter(Optional.empty(), Optional.of("order.paid"), Optional.of(since),
                Optional.of(until)));
        List<String> paidOrders = ids(new EventFilter(Optional.of("orders"), Optional.of("order.paid"), Optional.empty(),
                Optional.empty()));
        List<String> ordersSince = ids(new EventFilter(Optional.of("orders"), Optional.empty(), Optional.of(since),
                Optional.empty()));

        assertThat(inRange).containsExactly(elsewhere.id(), refunded.id(), paid.id());
        assertThat(paidInRange).containsExactly(elsewhere.id(), paid.id());
        assertThat(paidOrders).containsExactly(late.id(), paid.id(), early.id());
        assertThat(ordersSince).containsExactly(late.id(), refunded.id(), paid.id());
    }

    @Test
    void aTimeFilterPagesWithoutGapsOrRepeats() {
        Instant since = relay.advance(Duration.ofSeconds(1));
        List<String> newestFirst = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            newestFirst.add(0, typed("orders", "order.paid").id());
        }
        EventFilter filter = new EventFilter(Optional.empty(), Optional.empty(), Optional.of(since), Optional.empty());

        Page<EventSummary> first = events.list(TENANT, filter, PageRequest.first(2));
        Page<EventSummary> second = events.list(TENANT, filter, new PageRequest(2, first.nextBefore()));
        Page<EventSummary> third = events.list(TENANT, filter, new PageRequest(2, second.nextBefore()));

        assertThat(Stream.of(first, second, third).flatMap(page -> page.items().stream()).map(EventSummary::id))
                .containsExactlyElementsOf(newestFirst);
        assertThat(third.nextBefore()).isEmpty();
    }

    @Test
    void anIdempotencyKeyFindsTheEventOfItsSourceThatHoldsIt() {
        Event event = relay.event("orders");
        Committed.join(events.store(TENANT, event, Optional.of("key-1"), List.of(), relay.clock.instant()));

        assertThat(events.idByIdempotencyKey(TENANT, "orders", "key-1")).contains(event.id());
        assertThat(events.idByIdempotencyKey(TENANT, "users", "key-1")).isEmpty();
        assertThat(events.idByIdempotencyKey(TENANT, "orders", "key-2")).isEmpty();
    }

    /** An event whose id is made from the clock that says when it was received, as ingest makes it. */
    private Event typed(String sourceId, String type) {
        Event plain = relay.event(sourceId);
        Event event = new Event(new Ulids(relay.clock).next(Ulids.EVENT), sourceId, Optional.of(type), plain.receivedAt(), plain.contentType(), plain.headers(),
                plain.body());
        Committed.join(events.store(TENANT, event, Optional.empty(), List.of(), relay.clock.instant()));
        relay.advance(Duration.ofMillis(1));
        return event;
    }

    private List<String> ids(EventFilter filter) {
        return events.list(TENANT, filter, PageRequest.first(PageRequest.LARGEST_LIMIT)).items().stream().map(EventSummary::id).toList();
    }

    @Test
    void aSummaryDescribesTheEventWithoutItsBody() {
        Event event = relay.event("orders", new byte[] {1, 2, 3});
        Committed.join(events.store(TENANT, event, Optional.empty(), List.of(), relay.clock.instant()));

        assertThat(events.list(TENANT, EventFilter.all(), PageRequest.first(1)).items()).containsExactly(new EventSummary(
                event.id(), "orders", event.eventType(), event.receivedAt(), event.contentType(), 3));
    }

    /** Retention deletes an event after a replay has read it and before the replay writes: the replay is a 404. */
    @Test
    void anEventDeletedBetweenTheReplaysReadAndWriteIsNotFoundAndNothingIsStored() {
        relay.routes.create(TENANT, relay.route("orders", "billing"));
        Event event = relay.ingest("orders").event();
        relay.advance(Duration.ofSeconds(1));
        EventAdmin admin = new EventAdmin(new DeletedBeforeWriting(events, relay.retention), relay.deliveries,
                relay.routes, new IntentQueue(relay.intents, relay.clock), (json, pointers) -> {
                    throw new AssertionError("a route without payload filters reads no body");
                }, new Ulids(relay.clock), relay.targets, new OperatorRoute(tenant -> Settings.NONE, key -> relay.targets.find(key.tenant(), key.id()), new Ulids(relay.clock)));

        assertThatThrownBy(() -> admin.replay(TENANT, event.id())).isInstanceOf(NotFoundException.class)
                .hasMessage("no event " + event.id());
        assertThat(relay.stored().isEmpty()).isTrue();
    }

    /** @return the ids, newest first */
    private List<String> storeEvents(String sourceId, int count) {
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            ids.add(relay.ingest(sourceId).event().id());
        }
        Collections.reverse(ids);
        return ids;
    }

    /** The store, with the sweep's delete of the replayed events landing just before deliveries are added. */
    private record DeletedBeforeWriting(EventStore delegate, RetentionStore retention) implements EventStore {
        @Override
        public boolean addDeliveries(TenantId tenant, List<NewDelivery> deliveries, Instant now) {
            List<String> eventIds = deliveries.stream().map(NewDelivery::eventId).distinct().toList();
            assertThat(retention.deleteEvents(now, eventIds)).as("retention deleted the events").isEqualTo(eventIds.size());
            return delegate.addDeliveries(tenant, deliveries, now);
        }

        @Override
        public CompletionStage<IngestResult> store(TenantId tenant, Event event, Optional<String> idempotencyKey,
                                                   List<NewDelivery> deliveries, Instant now) {
            return delegate.store(tenant, event, idempotencyKey, deliveries, now);
        }

        @Override
        public Optional<Event> find(TenantId tenant, String id) {
            return delegate.find(tenant, id);
        }

        @Override
        public Page<EventSummary> list(TenantId tenant, EventFilter filter, PageRequest page) {
            return delegate.list(tenant, filter, page);
        }

        @Override
        public Optional<String> idByIdempotencyKey(TenantId tenant, String sourceId, String key) {
            return delegate.idByIdempotencyKey(tenant, sourceId, key);
        }
    }
}
