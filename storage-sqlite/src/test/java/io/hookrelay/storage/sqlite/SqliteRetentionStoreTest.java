package io.hookrelay.storage.sqlite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import io.hookrelay.delivery.Delivery;
import io.hookrelay.delivery.Event;
import io.hookrelay.delivery.retention.EndedDeliveries;
import io.hookrelay.delivery.retention.EventCandidate;
import io.hookrelay.delivery.retention.RetentionPolicy;
import io.hookrelay.delivery.retention.RetentionSweeper;
import io.hookrelay.delivery.retention.Sweep;
import io.hookrelay.delivery.testing.RecordingRetentionMetrics;
import io.hookrelay.queue.AttemptDetail;
import io.hookrelay.queue.AttemptOutcome;
import io.hookrelay.queue.AttemptRecord;
import io.hookrelay.queue.ClaimRef;
import io.hookrelay.queue.IntentState;
import io.hookrelay.queue.NewIntent;
import io.hookrelay.queue.Settlement;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class SqliteRetentionStoreTest {
    private static final Instant NOW = Instant.parse("2027-06-01T00:00:00Z");
    private static final Duration RECEIVED_BEFORE_ENDED = Duration.ofMinutes(1);
    private static final Duration MS = Duration.ofMillis(1);
    private static final Settlement COMPLETE = new Settlement.Complete();
    private static final Settlement FAIL = new Settlement.Fail("HTTP 500");

    @TempDir
    Path dataDir;

    private RelayFixture relay;
    private SqliteRetentionStore retention;

    @BeforeEach
    void open() {
        relay = new RelayFixture(dataDir);
        retention = new SqliteRetentionStore(relay.relayDatabase);
        relay.configure(List.of("orders"), List.of("billing", "audit"));
        // Deliveries to audit stay pending: the claims these tests make never take them.
        relay.intents.pause(Delivery.KIND, "audit");
    }

    @AfterEach
    void close() {
        relay.close();
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
        assertThat(relay.deliveries.find(pending)).isPresent();
        assertThat(relay.deliveries.find(running)).isPresent();
    }

    @Test
    void workOfOtherKindsIsNotTheRelaysToDelete() {
        relay.clock.set(NOW.minus(Duration.ofDays(400)));
        relay.intents.enqueueAll(List.of(NewIntent.of("email", "order-1", "customer", "{}")), relay.clock.instant());
        ClaimRef claim = relay.claimAll().values().iterator().next();
        relay.intents.settle(claim, COMPLETE, Optional.empty(), relay.clock.instant());

        assertThat(retention.endedDeliveries(EndedDeliveries.COMPLETED, NOW, 10)).isEmpty();
        assertThat(retention.deleteDeliveries(EndedDeliveries.COMPLETED, NOW, List.of(claim.intentId()))).isZero();
        assertThat(relay.rows("intents")).isEqualTo(1);
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

        assertThat(relay.deliveries.find(retried)).isEmpty();
        assertThat(relay.intents.find(retried)).isEmpty();
        assertThat(relay.intents.attempts(retried)).isEmpty();
        assertThat(relay.rows("intent_attempts")).isZero();
        assertThat(relay.deliveries.forEvent(ingested.event().id())).extracting(Delivery::id).containsExactly(pending);
        assertThat(relay.events.find(ingested.event().id())).as("the event still has a delivery").isPresent();
    }

    @Test
    void aDeliveryRetriedByAnOperatorAfterItWasFoundIsNotDeleted() {
        String failed = ended(NOW.minus(Duration.ofDays(40)), FAIL);
        List<String> found = retention.endedDeliveries(EndedDeliveries.FAILED_OR_CANCELLED, NOW, 10);
        assertThat(found).containsExactly(failed);

        assertThat(relay.intents.retryNow(failed, NOW)).isTrue();
        int deleted = retention.deleteDeliveries(EndedDeliveries.FAILED_OR_CANCELLED, NOW, found);

        assertThat(deleted).isZero();
        assertThat(relay.deliveries.find(failed)).get().extracting(Delivery::state).isEqualTo(IntentState.PENDING);
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
        assertThat(relay.deliveries.find(failed)).get().extracting(Delivery::state).isEqualTo(IntentState.FAILED);
    }

    @Test
    void aDeliveryIsOnlyDeletedAsTheGroupItWasFoundIn() {
        String failed = ended(NOW.minus(Duration.ofDays(40)), FAIL);

        assertThat(retention.deleteDeliveries(EndedDeliveries.COMPLETED, NOW, List.of(failed))).isZero();
        assertThat(relay.deliveries.find(failed)).isPresent();
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

        assertThat(relay.events.find(old.id())).isEmpty();
        assertThat(relay.rows("idempotency_keys")).isZero();
        Event next = relay.event("orders");
        assertThat(relay.events.store(next, Optional.of("key-1"), List.of(), NOW).duplicate()).isFalse();
    }

    @Test
    void anEventThatHasAnyDeliveryOrIsTooYoungIsNeverDeleted() {
        relay.clock.set(NOW.minus(Duration.ofDays(10)));
        Event withDelivery = relay.ingest("orders", "audit").event();
        relay.clock.set(NOW);
        Event young = stored(relay.event("orders"), Optional.of("key-young"));

        assertThat(retention.deleteEvents(NOW, List.of(withDelivery.id(), young.id()))).isZero();

        assertThat(relay.events.find(withDelivery.id())).isPresent();
        assertThat(relay.events.find(young.id())).isPresent();
        assertThat(relay.rows("idempotency_keys")).isEqualTo(1);
    }

    @Test
    void anEventReplayedAfterItWasFoundIsNotDeletedAndKeepsItsKey() {
        relay.clock.set(NOW.minus(Duration.ofDays(10)));
        Event event = stored(relay.event("orders"), Optional.of("key-1"));
        List<EventCandidate> found = retention.eventsReceivedBefore(NOW, Optional.empty(), 10);
        assertThat(found).extracting(EventCandidate::hasDeliveries).containsExactly(false);

        relay.events.addDeliveries(relay.deliveriesOf(event, "audit"), NOW);
        int deleted = retention.deleteEvents(NOW, List.of(event.id()));

        assertThat(deleted).isZero();
        assertThat(relay.events.find(event.id())).isPresent();
        assertThat(relay.rows("idempotency_keys")).isEqualTo(1);
    }

    // ---- the sweeper on this store

    @Test
    void aSweepDeletesInBatchesEachItsOwnWriteAndLeavesEveryReferenceIntact() {
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
        WriteStats before = relay.database.writeStats();

        Sweep sweep = new RetentionSweeper(retention, policy, metrics, relay.clock, 3).sweep(() -> true);

        assertThat(sweep).isEqualTo(new Sweep(8, 8, true));
        assertThat(metrics.deliveryBatches()).containsExactly(3, 3, 1, 1);
        // Walked oldest first, three at a time; the year-old event and the young failed one's must stay.
        assertThat(metrics.eventBatches()).containsExactly(2, 2, 3, 1);
        WriteStats after = relay.database.writeStats();
        assertThat(after.tasks() - before.tasks()).as("one write per batch that had something to delete").isEqualTo(8);
        assertThat(after.transactions() - before.transactions()).isEqualTo(8);
        assertThat(relay.deliveries.find(failedYoung)).isPresent();
        assertThat(relay.deliveries.find(pendingForAYear)).isPresent();
        assertThat(relay.tableSizes()).isEqualTo(Map.of("events", 2L, "idempotency_keys", 0L, "deliveries", 2L, "intents", 2L));
        assertThat(relay.rows("intent_attempts")).as("only the young failed delivery's log").isEqualTo(1);
        assertThat(foreignKeyViolations()).isEmpty();
        assertThat(completed).allSatisfy(id -> assertThat(relay.intents.find(id)).isEmpty());
        assertThat(relay.deliveries.find(failedOld)).isEmpty();
    }

    // ---- rules of the store itself

    @ParameterizedTest
    @EnumSource(EndedDeliveries.class)
    void eachGroupsConditionNamesExactlyItsStates(EndedDeliveries group) {
        Matcher quoted = Pattern.compile("'([a-z]+)'").matcher(SqliteRetentionStore.stateCondition(group));
        List<String> named = new ArrayList<>();
        while (quoted.find()) {
            named.add(quoted.group(1));
        }

        assertThat(named).containsExactlyInAnyOrderElementsOf(
                group.states().stream().map(IntentState::wireName).collect(Collectors.toList()));
    }

    @Test
    void aBatchHoldsOneToTenThousandRows() {
        List<String> tooMany = Arrays.asList(new String[SqliteRetentionStore.MAX_BATCH + 1]);

        assertThatIllegalArgumentException().isThrownBy(() -> retention.endedDeliveries(EndedDeliveries.COMPLETED, NOW, 0));
        assertThatIllegalArgumentException().isThrownBy(() -> retention.eventsReceivedBefore(NOW, Optional.empty(), 0));
        assertThatIllegalArgumentException().isThrownBy(() -> retention.deleteEvents(NOW, List.of()));
        assertThatIllegalArgumentException().isThrownBy(() -> retention.deleteDeliveries(EndedDeliveries.COMPLETED, NOW,
                tooMany.stream().map(nothing -> "dlv_x").toList()));
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
        relay.events.store(event, idempotencyKey, List.of(), event.receivedAt());
        return event;
    }

    private AttemptRecord logEntry(int attempt, AttemptOutcome outcome) {
        String error = outcome == AttemptOutcome.SUCCESS ? "" : "HTTP 500";
        return new AttemptRecord(attempt, relay.clock.instant(), Duration.ZERO, outcome, error, AttemptDetail.NONE);
    }

    private List<String> foreignKeyViolations() {
        return relay.database.read("check foreign keys", handle -> handle.handle().createQuery("PRAGMA foreign_key_check")
                .map((row, context) -> row.getString("table") + " -> " + row.getString("parent")).list());
    }
}
