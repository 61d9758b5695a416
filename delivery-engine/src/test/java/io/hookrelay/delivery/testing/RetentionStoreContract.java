package io.hookrelay.delivery.testing;

import static io.hookrelay.delivery.testing.RelayFixture.TENANT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.hookrelay.delivery.model.Delivery;
import io.hookrelay.delivery.model.Event;
import io.hookrelay.delivery.model.EventSummary;
import io.hookrelay.delivery.model.IngestResult;
import io.hookrelay.delivery.port.EndedDeliveries;
import io.hookrelay.delivery.port.EventCandidate;
import io.hookrelay.delivery.port.RetentionStore;
import io.hookrelay.delivery.retention.RetentionPolicy;
import io.hookrelay.delivery.retention.RetentionSweeper;
import io.hookrelay.delivery.retention.Sweep;
import io.hookrelay.queue.AttemptDetail;
import io.hookrelay.queue.AttemptOutcome;
import io.hookrelay.queue.AttemptRecord;
import io.hookrelay.queue.ClaimRef;
import io.hookrelay.queue.IntentState;
import io.hookrelay.queue.NewIntent;
import io.hookrelay.queue.Settlement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The rules of {@link RetentionStore} that every store adapter keeps, and the sweeper's run on it. */
public abstract class RetentionStoreContract extends RelayStoreContract {
    private static final Instant NOW = Instant.parse("2027-06-01T00:00:00Z");
    private static final Duration RECEIVED_BEFORE_ENDED = Duration.ofMinutes(1);
    private static final Duration MS = Duration.ofMillis(1);
    private static final Settlement COMPLETE = new Settlement.Complete();
    private static final Settlement FAIL = new Settlement.Fail("HTTP 500");

    private RetentionStore retention;

    @BeforeEach
    final void configureSourcesAndTargets() {
        retention = relay.retention;
        relay.configure(List.of("orders"), List.of("billing", "audit"));
        // Deliveries to audit stay pending: the claims these tests make never take them.
        relay.intents.pause(Delivery.KIND, "audit");
    }

    // ---- finding ended deliveries

    @Test
    void completedDeliveriesEndedBeforeTheCutoffAreFoundOldestFirstUpToTheLimit() {
        String newest = ended(NOW.minus(Duration.ofHours(1)), COMPLETE);
        String oldest = ended(NOW.minus(Duration.ofHours(3)), COMPLETE);
        String middle = ended(NOW.minus(Duration.ofHours(2)), COMPLETE);
        String atTheCutoff = ended(NOW.minus(Duration.ofMinutes(30)), COMPLETE);

        Instant cutoff = NOW.minus(Duration.ofMinutes(30));
        assertThat(retention.endedDeliveries(EndedDeliveries.COMPLETED, cutoff, 10)).containsExactly(oldest, middle, newest);
        assertThat(retention.endedDeliveries(EndedDeliveries.COMPLETED, cutoff, 2)).containsExactly(oldest, middle);
        assertThat(retention.endedDeliveries(EndedDeliveries.COMPLETED, cutoff.plus(MS), 10)).endsWith(atTheCutoff);
    }

    @Test
    void failedAndCancelledDeliveriesAreOneGroupAndCompletedOnesAnother() {
        Instant endedAt = NOW.minus(Duration.ofDays(1));
        String completed = ended(endedAt, COMPLETE);
        String failed = ended(endedAt.plus(MS), FAIL);
        String cancelled = cancelled(endedAt.plus(MS.multipliedBy(2)));

        assertThat(retention.endedDeliveries(EndedDeliveries.COMPLETED, NOW, 10)).containsExactly(completed);
        assertThat(retention.endedDeliveries(EndedDeliveries.FAILED_OR_CANCELLED, NOW, 10)).containsExactly(failed, cancelled);
    }

    @Test
    void pendingAndRunningDeliveriesAreNeverFoundNorDeletedHoweverOld() {
        Instant longAgo = NOW.minus(Duration.ofDays(3650));
        relay.clock.set(longAgo);
        String pending = relay.ingest("orders", "audit").deliveryTo("audit");
        String running = relay.ingest("orders", "billing").deliveryTo("billing");
        assertThat(relay.claimAll()).containsOnlyKeys(running);

        for (EndedDeliveries group : EndedDeliveries.values()) {
            assertThat(retention.endedDeliveries(group, NOW, 10)).isEmpty();
            assertThat(retention.deleteDeliveries(group, NOW, List.of(pending, running))).isZero();
        }
        assertThat(relay.intents.find(pending)).get().extracting(intent -> intent.state()).isEqualTo(IntentState.PENDING);
        assertThat(relay.intents.find(running)).get().extracting(intent -> intent.state()).isEqualTo(IntentState.RUNNING);
        assertThat(relay.deliveries.find(TENANT, pending)).isPresent();
        assertThat(relay.deliveries.find(TENANT, running)).isPresent();
    }

    @Test
    void workOfOtherKindsIsNotTheRelaysToDelete() {
        relay.clock.set(NOW.minus(Duration.ofDays(400)));
        relay.intents.enqueueAll(List.of(NewIntent.of("email", "order-1", "customer", "{}")), relay.clock.instant());
        ClaimRef claim = relay.claimAll().values().iterator().next();
        relay.intents.settle(claim, COMPLETE, Optional.empty(), relay.clock.instant());

        assertThat(retention.endedDeliveries(EndedDeliveries.COMPLETED, NOW, 10)).isEmpty();
        assertThat(retention.deleteDeliveries(EndedDeliveries.COMPLETED, NOW, List.of(claim.intentId()))).isZero();
        assertThat(relay.intents.find(claim.intentId())).as("the queue's own work stays").isPresent();
    }

    // ---- deleting deliveries

    @Test
    void deletingADeliveryTakesItsRowItsIntentAndItsWholeAttemptLogAndNothingElse() {
        relay.clock.set(NOW.minus(Duration.ofDays(2)));
        RelayFixture.Ingested ingested = relay.ingest("orders", "billing", "audit");
        String retried = ingested.deliveryTo("billing");
        String pending = ingested.deliveryTo("audit");
        ClaimRef first = relay.claimAll().get(retried);
        relay.intents.settle(first, new Settlement.Retry(relay.clock.instant(), "HTTP 503"),
                Optional.of(logEntry(1, AttemptOutcome.ERROR)), relay.clock.instant());
        ClaimRef second = relay.claimAll().get(retried);
        relay.intents.settle(second, COMPLETE, Optional.of(logEntry(2, AttemptOutcome.SUCCESS)), relay.clock.instant());
        assertThat(relay.intents.attempts(retried)).hasSize(2);

        assertThat(retention.deleteDeliveries(EndedDeliveries.COMPLETED, NOW, List.of(retried, pending))).isEqualTo(1);

        assertThat(relay.deliveries.find(TENANT, retried)).isEmpty();
        assertThat(relay.intents.find(retried)).isEmpty();
        assertThat(relay.intents.attempts(retried)).isEmpty();
        assertThat(relay.deliveries.forEvent(TENANT, ingested.event().id())).extracting(Delivery::id).containsExactly(pending);
        assertThat(relay.events.find(TENANT, ingested.event().id())).as("the event still has a delivery").isPresent();
    }

    @Test
    void aDeliveryRetriedByAnOperatorAfterItWasFoundIsNotDeleted() {
        String failed = ended(NOW.minus(Duration.ofDays(40)), FAIL);
        List<String> found = retention.endedDeliveries(EndedDeliveries.FAILED_OR_CANCELLED, NOW, 10);
        assertThat(found).containsExactly(failed);

        assertThat(relay.intents.retryNow(failed, NOW)).isTrue();
        int deleted = retention.deleteDeliveries(EndedDeliveries.FAILED_OR_CANCELLED, NOW, found);

        assertThat(deleted).isZero();
        assertThat(relay.deliveries.find(TENANT, failed)).get().extracting(Delivery::state).isEqualTo(IntentState.PENDING);
        assertThat(relay.intents.attempts(failed)).as("its log stays with it").hasSize(1);
    }

    @Test
    void aDeliveryThatEndedAgainSinceItWasFoundIsJudgedByItsNewAge() {
        String failed = ended(NOW.minus(Duration.ofDays(40)), FAIL);
        Instant cutoff = NOW.minus(Duration.ofDays(30));
        List<String> found = retention.endedDeliveries(EndedDeliveries.FAILED_OR_CANCELLED, cutoff, 10);

        relay.clock.set(NOW);
        relay.intents.retryNow(failed, NOW);
        ClaimRef again = relay.claimAll().get(failed);
        relay.intents.settle(again, FAIL, Optional.of(logEntry(2, AttemptOutcome.STOP)), NOW);

        assertThat(retention.deleteDeliveries(EndedDeliveries.FAILED_OR_CANCELLED, cutoff, found)).isZero();
        assertThat(relay.deliveries.find(TENANT, failed)).get().extracting(Delivery::state).isEqualTo(IntentState.FAILED);
    }

    @Test
    void aDeliveryIsOnlyDeletedAsTheGroupItWasFoundIn() {
        String failed = ended(NOW.minus(Duration.ofDays(40)), FAIL);

        assertThat(retention.deleteDeliveries(EndedDeliveries.COMPLETED, NOW, List.of(failed))).isZero();
        assertThat(relay.deliveries.find(TENANT, failed)).isPresent();
    }

    // ---- events

    @Test
    void eventsAreWalkedInTheOrderReceivedFromAPositionEachWithWhetherItHasDeliveries() {
        Instant receivedAt = NOW.minus(Duration.ofDays(10));
        relay.clock.set(receivedAt);
        Event unrouted = stored(relay.event("orders"), Optional.empty());
        Event withPending = relay.ingest("orders", "audit").event();
        relay.clock.set(receivedAt.minus(Duration.ofHours(1)));
        Event earliest = stored(relay.event("orders"), Optional.empty());
        relay.clock.set(NOW);
        stored(relay.event("orders"), Optional.empty());

        List<EventCandidate> all = retention.eventsReceivedBefore(NOW, Optional.empty(), 10);

        assertThat(all).containsExactly(
                new EventCandidate(earliest.id(), earliest.receivedAt(), false),
                new EventCandidate(unrouted.id(), receivedAt, false),
                new EventCandidate(withPending.id(), receivedAt, true));
        assertThat(retention.eventsReceivedBefore(NOW, Optional.empty(), 2)).isEqualTo(all.subList(0, 2));
        assertThat(retention.eventsReceivedBefore(NOW, Optional.of(all.get(0).position()), 10))
                .as("strictly after the position, ties broken by id").isEqualTo(all.subList(1, 3));
        assertThat(retention.eventsReceivedBefore(NOW, Optional.of(all.get(2).position()), 10)).isEmpty();
        assertThat(retention.eventsReceivedBefore(receivedAt, Optional.empty(), 10)).containsExactly(all.get(0));
    }

    @Test
    void anOldEventWithoutDeliveriesIsDeletedWithItsIdempotencyKeySoTheKeyNamesANewEventAfterwards() {
        relay.clock.set(NOW.minus(Duration.ofDays(10)));
        Event old = stored(relay.event("orders"), Optional.of("key-1"));

        assertThat(retention.deleteEvents(NOW, List.of(old.id()))).isEqualTo(1);

        assertThat(relay.events.find(TENANT, old.id())).isEmpty();
        Event next = relay.event("orders");
        assertThat(Committed.join(relay.events.store(TENANT, next, Optional.of("key-1"), List.of(), NOW)).duplicate()).isFalse();
    }

    @Test
    void anEventThatHasAnyDeliveryOrIsTooYoungIsNeverDeleted() {
        relay.clock.set(NOW.minus(Duration.ofDays(10)));
        Event withDelivery = relay.ingest("orders", "audit").event();
        relay.clock.set(NOW);
        Event young = stored(relay.event("orders"), Optional.of("key-young"));

        assertThat(retention.deleteEvents(NOW, List.of(withDelivery.id(), young.id()))).isZero();

        assertThat(relay.events.find(TENANT, withDelivery.id())).isPresent();
        assertThat(relay.events.find(TENANT, young.id())).isPresent();
        assertThat(Committed.join(relay.events.store(TENANT, relay.event("orders"), Optional.of("key-young"), List.of(), NOW)))
                .as("the key still names the young event").isEqualTo(new IngestResult(young.id(), 0, true));
    }

    @Test
    void anEventReplayedAfterItWasFoundIsNotDeletedAndKeepsItsKey() {
        relay.clock.set(NOW.minus(Duration.ofDays(10)));
        Event event = stored(relay.event("orders"), Optional.of("key-1"));
        List<EventCandidate> found = retention.eventsReceivedBefore(NOW, Optional.empty(), 10);
        assertThat(found).extracting(EventCandidate::hasDeliveries).containsExactly(false);

        relay.events.addDeliveries(TENANT, relay.deliveriesOf(event, "audit"), NOW);
        int deleted = retention.deleteEvents(NOW, List.of(event.id()));

        assertThat(deleted).isZero();
        assertThat(relay.events.find(TENANT, event.id())).isPresent();
        assertThat(Committed.join(relay.events.store(TENANT, relay.event("orders"), Optional.of("key-1"), List.of(), NOW)))
                .as("the key still names the event").isEqualTo(new IngestResult(event.id(), 1, true));
    }

    @Test
    void anEventWhoseLastDeliveryWasDeletedIsFoundWithoutDeliveriesAndCanThenBeDeleted() {
        String completed = ended(NOW.minus(Duration.ofDays(10)), COMPLETE);
        String eventId = relay.deliveries.find(TENANT, completed).orElseThrow().eventId();
        assertThat(retention.eventsReceivedBefore(NOW, Optional.empty(), 10)).extracting(EventCandidate::hasDeliveries)
                .containsExactly(true);

        assertThat(retention.deleteDeliveries(EndedDeliveries.COMPLETED, NOW, List.of(completed))).isEqualTo(1);

        assertThat(retention.eventsReceivedBefore(NOW, Optional.empty(), 10)).extracting(EventCandidate::id,
                EventCandidate::hasDeliveries).containsExactly(tuple(eventId, false));
        assertThat(retention.deleteEvents(NOW, List.of(eventId))).isEqualTo(1);
        assertThat(relay.events.find(TENANT, eventId)).isEmpty();
    }

    // ---- the sweeper on this store

    @Test
    void aSweepDeletesInBatchesWhatThePolicyAllowsAndNothingElse() {
        RetentionPolicy policy = new RetentionPolicy(Duration.ofDays(7), Duration.ofDays(30));
        List<String> completed = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            completed.add(ended(NOW.minus(Duration.ofDays(8)).plusSeconds(i), COMPLETE));
        }
        String failedYoung = ended(NOW.minus(Duration.ofDays(8)), FAIL);
        String failedOld = ended(NOW.minus(Duration.ofDays(31)), FAIL);
        relay.clock.set(NOW.minus(Duration.ofDays(365)));
        String pendingForAYear = relay.ingest("orders", "audit").deliveryTo("audit");
        relay.clock.set(NOW);
        RecordingRetentionMetrics metrics = new RecordingRetentionMetrics();

        Sweep sweep = new RetentionSweeper(retention, policy, metrics, relay.clock, 3).sweep(() -> true);

        assertThat(sweep).isEqualTo(new Sweep(8, 8, true));
        assertThat(metrics.deliveryBatches()).containsExactly(3, 3, 1, 1);
        // Walked oldest first, three at a time; the year-old event and the young failed one's must stay.
        assertThat(metrics.eventBatches()).containsExactly(2, 2, 3, 1);
        RelayFixture.Stored left = relay.stored();
        assertThat(left.deliveries()).extracting(Delivery::id).containsExactlyInAnyOrder(failedYoung, pendingForAYear);
        assertThat(left.events()).extracting(EventSummary::id).containsExactlyInAnyOrderElementsOf(
                left.deliveries().stream().map(Delivery::eventId).toList());
        assertThat(relay.intents.attempts(failedYoung)).as("the young failed delivery keeps its log").hasSize(1);
        assertThat(completed).allSatisfy(id -> {
            assertThat(relay.intents.find(id)).isEmpty();
            assertThat(relay.intents.attempts(id)).isEmpty();
        });
        assertThat(relay.deliveries.find(TENANT, failedOld)).isEmpty();
        assertThat(relay.intents.attempts(failedOld)).isEmpty();
    }

    // ---- helpers

    /** A new event's delivery to billing, claimed and settled {@code how} at {@code endedAt}. */
    private String ended(Instant endedAt, Settlement how) {
        relay.clock.set(endedAt.minus(RECEIVED_BEFORE_ENDED));
        String id = relay.ingest("orders", "billing").deliveryTo("billing");
        relay.clock.set(endedAt);
        ClaimRef claim = relay.claimAll().get(id);
        AttemptOutcome outcome = how instanceof Settlement.Complete ? AttemptOutcome.SUCCESS : AttemptOutcome.STOP;
        assertThat(relay.intents.settle(claim, how, Optional.of(logEntry(1, outcome)), endedAt)).isTrue();
        return id;
    }

    private String cancelled(Instant endedAt) {
        relay.clock.set(endedAt.minus(RECEIVED_BEFORE_ENDED));
        String id = relay.ingest("orders", "audit").deliveryTo("audit");
        assertThat(relay.intents.cancel(id, endedAt)).isTrue();
        return id;
    }

    private Event stored(Event event, Optional<String> idempotencyKey) {
        Committed.join(relay.events.store(TENANT, event, idempotencyKey, List.of(), event.receivedAt()));
        return event;
    }

    private AttemptRecord logEntry(int attempt, AttemptOutcome outcome) {
        String error = outcome == AttemptOutcome.SUCCESS ? "" : "HTTP 500";
        return new AttemptRecord(attempt, relay.clock.instant(), Duration.ZERO, outcome, error, AttemptDetail.NONE);
    }
}
