package io.hookrelay.delivery.testing;

import static io.hookrelay.delivery.testing.RelayFixture.TENANT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.hookrelay.delivery.model.Delivery;
import io.hookrelay.delivery.model.Ulids;
import io.hookrelay.delivery.port.DeliveryStore;
import io.hookrelay.delivery.query.BulkRetry;
import io.hookrelay.delivery.query.DeliveryFilter;
import io.hookrelay.delivery.query.Page;
import io.hookrelay.delivery.query.PageRequest;
import io.hookrelay.queue.ClaimRef;
import io.hookrelay.queue.Intent;
import io.hookrelay.queue.IntentState;
import io.hookrelay.queue.NewIntent;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The rules of {@link DeliveryStore} that every store adapter keeps, on three events, each delivered to
 * {@code billing} and {@code audit}, left in every state a delivery can be in, each state reached through
 * the queue's own transitions at its own time.
 */
public abstract class DeliveryStoreContract extends RelayStoreContract {
    private static final String ERROR = "http_5xx: receiver answered 500";

    private DeliveryStore deliveries;
    private final List<Known> known = new ArrayList<>();
    private List<String> eventIds;
    private Instant claimedAt;
    private Instant firstFailure;
    private Instant secondFailure;
    private Instant cancelledAt;

    /** What the test made a delivery into, to compare every list with. */
    record Known(String id, String eventId, String targetId, IntentState state) {
    }

    @BeforeEach
    final void leaveDeliveriesInEveryState() {
        deliveries = relay.deliveries;
        relay.configure(List.of("orders"), List.of("billing", "audit"));
        var first = relay.ingest("orders", "billing", "audit");
        var second = relay.ingest("orders", "billing", "audit");
        var third = relay.ingest("orders", "billing", "audit");
        eventIds = List.of(first.event().id(), second.event().id(), third.event().id());

        claimedAt = relay.advance(Duration.ofSeconds(1));
        Map<String, ClaimRef> claims = relay.claimAll();
        relay.intents.complete(claims.get(first.deliveryTo("billing")), claimedAt);
        firstFailure = relay.advance(Duration.ofSeconds(1));
        relay.intents.fail(claims.get(first.deliveryTo("audit")), ERROR, firstFailure);
        secondFailure = relay.advance(Duration.ofSeconds(1));
        relay.intents.fail(claims.get(second.deliveryTo("billing")), ERROR, secondFailure);
        relay.intents.retry(claims.get(second.deliveryTo("audit")), secondFailure.plusSeconds(300), ERROR, secondFailure);
        cancelledAt = relay.advance(Duration.ofSeconds(1));
        relay.intents.cancel(third.deliveryTo("audit"), cancelledAt);
        relay.advance(Duration.ofSeconds(1));

        known.add(new Known(first.deliveryTo("billing"), first.event().id(), "billing", IntentState.COMPLETED));
        known.add(new Known(first.deliveryTo("audit"), first.event().id(), "audit", IntentState.FAILED));
        known.add(new Known(second.deliveryTo("billing"), second.event().id(), "billing", IntentState.FAILED));
        known.add(new Known(second.deliveryTo("audit"), second.event().id(), "audit", IntentState.PENDING));
        known.add(new Known(third.deliveryTo("billing"), third.event().id(), "billing", IntentState.RUNNING));
        known.add(new Known(third.deliveryTo("audit"), third.event().id(), "audit", IntentState.CANCELLED));
    }

    @Test
    void anotherTenantSeesNoneOfTheseDeliveriesAndRetriesNoneOfThem() {
        relay.configure(ACME, List.of("orders"), List.of("billing"));
        var theirs = relay.ingest(ACME, "orders", "billing");
        Instant now = relay.clock.instant();

        assertThat(deliveries.find(ACME, known.get(0).id())).isEmpty();
        assertThat(deliveries.forEvent(ACME, eventIds.get(0))).isEmpty();
        assertThat(deliveries.list(ACME, DeliveryFilter.all(), PageRequest.first(50)).items()).extracting(Delivery::id)
                .containsExactly(theirs.deliveryTo("billing"));
        BulkRetry everyFailed = new BulkRetry(IntentState.FAILED, Optional.empty(), Optional.empty());
        assertThat(deliveries.countRetryable(ACME, everyFailed, 100)).isZero();
        assertThat(deliveries.retryAll(ACME, everyFailed, now)).isZero();
        assertThat(deliveries.countPendingByTarget(ACME, 100)).containsExactly(Map.entry("billing", 1L));
        assertThat(deliveries.countPendingByTarget(TENANT, 100)).containsExactly(Map.entry("audit", 1L));
        assertThat(deliveries.find(TENANT, known.get(1).id()).orElseThrow().state()).isEqualTo(IntentState.FAILED);
    }

    @Test
    void aDeliveryCarriesItsIntentsStateAndTimes() {
        Known failed = known.get(2);

        Delivery found = deliveries.find(TENANT, failed.id()).orElseThrow();

        Intent intent = relay.intents.find(failed.id()).orElseThrow();
        assertThat(found).isEqualTo(new Delivery(failed.id(), failed.eventId(), "billing", IntentState.FAILED, 1,
                intent.nextAt(), ERROR, intent.createdAt(), secondFailure));
        assertThat(found.createdAt()).isBefore(claimedAt);
    }

    @Test
    void aMissingDeliveryIsNotFound() {
        assertThat(deliveries.find(TENANT, relay.nextId(Ulids.DELIVERY))).isEmpty();
        assertThat(deliveries.find(TENANT, "not even an id")).isEmpty();
    }

    @Test
    void anEventsDeliveriesComeOldestFirst() {
        assertThat(deliveries.forEvent(TENANT, eventIds.get(1))).extracting(Delivery::id, Delivery::targetId, Delivery::state)
                .containsExactly(
                        tuple(known.get(2).id(), "billing", IntentState.FAILED),
                        tuple(known.get(3).id(), "audit", IntentState.PENDING));
        assertThat(deliveries.forEvent(TENANT, relay.nextId(Ulids.EVENT))).isEmpty();
    }

    @Test
    void everyCombinationOfFiltersListsExactlyTheMatchingDeliveriesNewestFirst() {
        List<Optional<IntentState>> states = Stream.concat(Stream.of(Optional.<IntentState>empty()),
                Arrays.stream(IntentState.values()).map(Optional::of)).toList();
        List<Optional<String>> targets = List.of(Optional.empty(), Optional.of("billing"), Optional.of("audit"),
                Optional.of("ghost"));
        List<Optional<String>> events = new ArrayList<>(List.of(Optional.empty(), Optional.of("evt_unknown")));
        eventIds.forEach(id -> events.add(Optional.of(id)));

        for (Optional<IntentState> state : states) {
            for (Optional<String> target : targets) {
                for (Optional<String> event : events) {
                    DeliveryFilter filter = new DeliveryFilter(state, target, event);

                    Page<Delivery> page = deliveries.list(TENANT, filter, PageRequest.first(PageRequest.LARGEST_LIMIT));

                    assertThat(page.items()).as("%s", filter).extracting(Delivery::id).isEqualTo(expected(filter));
                    assertThat(page.nextBefore()).isEmpty();
                }
            }
        }
    }

    @Test
    void aFilteredListPagesToItsEnd() {
        DeliveryFilter billing = new DeliveryFilter(Optional.empty(), Optional.of("billing"), Optional.empty());
        List<String> all = expected(billing);

        Page<Delivery> first = deliveries.list(TENANT, billing, PageRequest.first(2));
        Page<Delivery> second = deliveries.list(TENANT, billing, new PageRequest(2, first.nextBefore()));

        assertThat(first.items()).extracting(Delivery::id).isEqualTo(all.subList(0, 2));
        assertThat(first.nextBefore()).contains(all.get(1));
        assertThat(second.items()).extracting(Delivery::id).isEqualTo(all.subList(2, 3));
        assertThat(second.nextBefore()).isEmpty();
    }

    @Test
    void pagesStayTheSameWhileNewerDeliveriesArriveAndEndExactlyAtTheLast() {
        List<String> all = expected(DeliveryFilter.all());
        Page<Delivery> first = deliveries.list(TENANT, DeliveryFilter.all(), PageRequest.first(3));

        relay.ingest("orders", "billing", "audit");

        Page<Delivery> second = deliveries.list(TENANT, DeliveryFilter.all(), new PageRequest(3, first.nextBefore()));
        assertThat(first.items()).extracting(Delivery::id).isEqualTo(all.subList(0, 3));
        assertThat(second.items()).extracting(Delivery::id).isEqualTo(all.subList(3, 6));
        assertThat(second.nextBefore()).as("the page ended exactly at the oldest delivery").isEmpty();
    }

    @Test
    void bulkRetryMakesEveryFailedDeliveryPendingAndDueNowKeepingAttempts() {
        Instant now = relay.advance(RelayFixture.LEASE.dividedBy(2));
        Map<String, Intent> before = intentsById();

        int retried = deliveries.retryAll(TENANT, new BulkRetry(IntentState.FAILED, Optional.empty(), Optional.empty()), now);

        assertThat(retried).isEqualTo(2);
        for (Known delivery : known) {
            Intent intent = relay.intents.find(delivery.id()).orElseThrow();
            if (delivery.state() == IntentState.FAILED) {
                assertThat(intent.state()).isEqualTo(IntentState.PENDING);
                assertThat(intent.nextAt()).isEqualTo(now);
                assertThat(intent.updatedAt()).isEqualTo(now);
                assertThat(intent.attempts()).isEqualTo(before.get(delivery.id()).attempts());
                assertThat(intent.claimToken()).isEmpty();
            } else {
                assertThat(intent).isEqualTo(before.get(delivery.id()));
            }
        }
        assertThat(relay.claimAll()).as("due at once").containsOnlyKeys(known.get(1).id(), known.get(2).id());
    }

    @Test
    void aBulkRetryWhileATargetIsPausedLeavesItsDeliveriesUnclaimedUntilTheResume() {
        Instant now = relay.advance(RelayFixture.LEASE.dividedBy(2));
        relay.intents.pause(Delivery.KIND, "billing");

        assertThat(deliveries.retryAll(TENANT, new BulkRetry(IntentState.FAILED, Optional.empty(), Optional.empty()), now)).isEqualTo(2);

        assertThat(relay.claimAll()).containsOnlyKeys(known.get(1).id());
        relay.intents.resume(Delivery.KIND, "billing");
        assertThat(relay.claimAll()).containsOnlyKeys(known.get(2).id());
    }

    @Test
    void bulkRetryOfOneTargetLeavesTheOthers() {
        Instant now = relay.advance(Duration.ofMinutes(1));

        int retried = deliveries.retryAll(TENANT, new BulkRetry(IntentState.FAILED, Optional.of("billing"), Optional.empty()),
                now);

        assertThat(retried).isEqualTo(1);
        assertThat(stateOf(known.get(2))).isEqualTo(IntentState.PENDING);
        assertThat(stateOf(known.get(1))).isEqualTo(IntentState.FAILED);
        assertThat(deliveries.retryAll(TENANT, new BulkRetry(IntentState.FAILED, Optional.of("ghost"), Optional.empty()), now))
                .isZero();
    }

    @Test
    void bulkRetrySinceATimeTakesOnlyDeliveriesThatEndedAtOrAfterIt() {
        Instant now = relay.advance(Duration.ofMinutes(1));

        int retried = deliveries.retryAll(TENANT, new BulkRetry(IntentState.FAILED, Optional.empty(),
                Optional.of(secondFailure)), now);

        assertThat(retried).isEqualTo(1);
        assertThat(stateOf(known.get(2))).as("failed exactly at since").isEqualTo(IntentState.PENDING);
        assertThat(stateOf(known.get(1))).as("failed before since").isEqualTo(IntentState.FAILED);
        assertThat(deliveries.retryAll(TENANT, new BulkRetry(IntentState.FAILED, Optional.empty(),
                Optional.of(secondFailure)), now)).as("nothing failed is left since then").isZero();
    }

    @Test
    void bulkRetryOfCancelledDeliveriesCombinesTargetAndSince() {
        Instant now = relay.advance(Duration.ofMinutes(1));

        assertThat(deliveries.retryAll(TENANT, new BulkRetry(IntentState.CANCELLED, Optional.of("audit"),
                Optional.of(cancelledAt.plusMillis(1))), now)).isZero();
        assertThat(deliveries.retryAll(TENANT, new BulkRetry(IntentState.CANCELLED, Optional.of("billing"),
                Optional.of(cancelledAt)), now)).isZero();
        assertThat(deliveries.retryAll(TENANT, new BulkRetry(IntentState.CANCELLED, Optional.of("audit"),
                Optional.of(cancelledAt)), now)).isEqualTo(1);

        assertThat(stateOf(known.get(5))).isEqualTo(IntentState.PENDING);
        assertThat(stateOf(known.get(1))).isEqualTo(IntentState.FAILED);
    }

    @Test
    void bulkRetryBeforeATimeTakesOnlyDeliveriesThatEndedBeforeIt() {
        Instant now = relay.advance(Duration.ofMinutes(1));

        int retried = deliveries.retryAll(TENANT, new BulkRetry(IntentState.FAILED, Optional.empty(), Optional.empty(),
                Optional.of(secondFailure)), now);

        assertThat(retried).isEqualTo(1);
        assertThat(stateOf(known.get(1))).as("failed before until").isEqualTo(IntentState.PENDING);
        assertThat(stateOf(known.get(2))).as("failed exactly at until").isEqualTo(IntentState.FAILED);
    }

    @Test
    void countingRetryableDeliveriesCountsWhatABulkRetryWouldTakeAndChangesNothing() {
        Map<String, Intent> before = intentsById();
        BulkRetry failed = new BulkRetry(IntentState.FAILED, Optional.empty(), Optional.empty());

        assertThat(deliveries.countRetryable(TENANT, failed, 100)).isEqualTo(2);
        assertThat(deliveries.countRetryable(TENANT, failed, 1)).isEqualTo(1);
        assertThat(deliveries.countRetryable(TENANT, new BulkRetry(IntentState.FAILED, Optional.of("billing"), Optional.empty()), 100))
                .isEqualTo(1);
        assertThat(deliveries.countRetryable(TENANT, new BulkRetry(IntentState.CANCELLED, Optional.of("audit"),
                Optional.of(cancelledAt), Optional.of(cancelledAt.plusMillis(1))), 100)).isEqualTo(1);
        assertThat(intentsById()).isEqualTo(before);
        assertThat(deliveries.retryAll(TENANT, failed, relay.advance(Duration.ofSeconds(1)))).isEqualTo(2);
    }

    @Test
    void bulkRetryTouchesNoOtherKindOfWork() {
        relay.intents.enqueue(NewIntent.of("email", "evt-1", "billing", "{}"), relay.clock.instant());
        String other = relay.claimAll().keySet().stream().filter(id -> !id.startsWith(Ulids.DELIVERY)).findFirst()
                .orElseThrow();
        relay.intents.fail(relay.intents.find(other).orElseThrow().requireClaim(), ERROR, relay.clock.instant());

        int retried = deliveries.retryAll(TENANT, new BulkRetry(IntentState.FAILED, Optional.of("billing"), Optional.empty()),
                relay.advance(Duration.ofSeconds(1)));

        assertThat(retried).isEqualTo(1);
        assertThat(relay.intents.find(other).orElseThrow().state()).isEqualTo(IntentState.FAILED);
    }

    private List<String> expected(DeliveryFilter filter) {
        return known.stream()
                .filter(delivery -> filter.state().map(delivery.state()::equals).orElse(true))
                .filter(delivery -> filter.targetId().map(delivery.targetId()::equals).orElse(true))
                .filter(delivery -> filter.eventId().map(delivery.eventId()::equals).orElse(true))
                .map(Known::id)
                .sorted(Comparator.reverseOrder())
                .toList();
    }

    private IntentState stateOf(Known delivery) {
        return deliveries.find(TENANT, delivery.id()).orElseThrow().state();
    }

    private Map<String, Intent> intentsById() {
        return known.stream().collect(Collectors.toMap(Known::id,
                delivery -> relay.intents.find(delivery.id()).orElseThrow()));
    }
}
