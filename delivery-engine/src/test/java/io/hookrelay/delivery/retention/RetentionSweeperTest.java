package io.hookrelay.delivery.retention;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.delivery.testing.RecordingRetentionMetrics;
import io.hookrelay.queue.IntentState;
import io.hookrelay.queue.testing.MutableClock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class RetentionSweeperTest {
    private static final Duration KEEP_COMPLETED = Duration.ofDays(7);
    private static final Duration KEEP_FAILED = Duration.ofDays(30);
    private static final Duration MS = Duration.ofMillis(1);

    private final MutableClock clock = new MutableClock();
    private final InMemoryRetentionStore store = new InMemoryRetentionStore();
    private final RecordingRetentionMetrics metrics = new RecordingRetentionMetrics();

    private RetentionSweeper sweeper(int batchSize) {
        return new RetentionSweeper(store, new RetentionPolicy(KEEP_COMPLETED, KEEP_FAILED), metrics, clock, batchSize);
    }

    private Instant ago(Duration age) {
        return clock.instant().minus(age);
    }

    @Test
    void eachEndedDeliveryGoesOnceOlderThanItsGroupsRetentionAndNotAMillisecondEarlier() {
        store.event("evt_1", ago(Duration.ofDays(90)));
        store.delivery("dlv_completed_old", "evt_1", IntentState.COMPLETED, ago(KEEP_COMPLETED.plus(MS)));
        store.delivery("dlv_completed_due", "evt_1", IntentState.COMPLETED, ago(KEEP_COMPLETED));
        store.delivery("dlv_failed_old", "evt_1", IntentState.FAILED, ago(KEEP_FAILED.plus(MS)));
        store.delivery("dlv_failed_due", "evt_1", IntentState.FAILED, ago(KEEP_FAILED));
        store.delivery("dlv_failed_past_completed", "evt_1", IntentState.FAILED, ago(KEEP_COMPLETED.plus(Duration.ofDays(1))));
        store.delivery("dlv_cancelled_old", "evt_1", IntentState.CANCELLED, ago(KEEP_FAILED.plus(MS)));
        store.delivery("dlv_cancelled_due", "evt_1", IntentState.CANCELLED, ago(KEEP_FAILED));

        Sweep sweep = sweeper(10).sweep(() -> true);

        assertThat(store.deliveries).containsOnlyKeys("dlv_completed_due", "dlv_failed_due", "dlv_failed_past_completed",
                "dlv_cancelled_due");
        assertThat(sweep).isEqualTo(new Sweep(3, 0, true));
        assertThat(store.events).as("the event still has deliveries").containsOnlyKeys("evt_1");
    }

    @Test
    void pendingAndRunningDeliveriesStayHoweverOldAndSoDoTheirEvents() {
        Instant longAgo = ago(Duration.ofDays(3650));
        store.event("evt_pending", longAgo);
        store.event("evt_running", longAgo);
        store.delivery("dlv_pending", "evt_pending", IntentState.PENDING, longAgo);
        store.delivery("dlv_running", "evt_running", IntentState.RUNNING, longAgo);

        Sweep sweep = sweeper(10).sweep(() -> true);

        assertThat(sweep).isEqualTo(new Sweep(0, 0, true));
        assertThat(store.deliveries).containsOnlyKeys("dlv_pending", "dlv_running");
        assertThat(store.events).containsOnlyKeys("evt_pending", "evt_running");
    }

    @Test
    void anEventGoesOnceItHasNoDeliveryLeftAndWasReceivedLongerAgoThanTheCompletedRetention() {
        store.event("evt_unrouted_old", ago(KEEP_COMPLETED.plus(MS)));
        store.event("evt_unrouted_due", ago(KEEP_COMPLETED));
        store.event("evt_delivered", ago(KEEP_COMPLETED.plus(Duration.ofDays(1))));
        store.delivery("dlv_delivered", "evt_delivered", IntentState.COMPLETED, ago(KEEP_COMPLETED.plus(MS)));
        store.event("evt_half_delivered", ago(KEEP_COMPLETED.plus(Duration.ofDays(1))));
        store.delivery("dlv_half_done", "evt_half_delivered", IntentState.COMPLETED, ago(KEEP_COMPLETED.plus(MS)));
        store.delivery("dlv_half_failed", "evt_half_delivered", IntentState.FAILED, ago(KEEP_COMPLETED.plus(MS)));

        Sweep first = sweeper(10).sweep(() -> true);

        assertThat(first).isEqualTo(new Sweep(2, 2, true));
        assertThat(store.events).containsOnlyKeys("evt_unrouted_due", "evt_half_delivered");

        clock.advance(KEEP_FAILED);
        Sweep second = sweeper(10).sweep(() -> true);

        assertThat(second).as("its failed delivery has gone, so the event goes in the same sweep").isEqualTo(new Sweep(1, 2, true));
        assertThat(store.events).isEmpty();
    }

    @Test
    void deliveriesGoInBatchesOfTheGivenSizeUntilOneComesBackShort() {
        store.event("evt_1", ago(Duration.ofDays(1)));
        IntStream.range(0, 7).forEach(i -> store.delivery("dlv_" + i, "evt_1", IntentState.COMPLETED, ago(KEEP_COMPLETED.plusMinutes(i + 1))));

        Sweep sweep = sweeper(3).sweep(() -> true);

        assertThat(sweep.deliveriesDeleted()).isEqualTo(7);
        assertThat(store.deliveryDeletes).containsExactly(3, 3, 1);
        assertThat(metrics.deliveryBatches()).containsExactly(3, 3, 1);
        assertThat(store.deliveries).isEmpty();
    }

    @Test
    void aFullLastBatchCostsOneMoreLookThatFindsNothingAndDeletesNothing() {
        store.event("evt_1", ago(Duration.ofDays(1)));
        IntStream.range(0, 6).forEach(i -> store.delivery("dlv_" + i, "evt_1", IntentState.COMPLETED, ago(KEEP_COMPLETED.plusMinutes(i + 1))));

        sweeper(3).sweep(() -> true);

        assertThat(store.deliveryDeletes).as("an empty find calls no delete").containsExactly(3, 3);
    }

    @Test
    void eventsThatMustStayAreLookedAtOncePerSweepNotOncePerBatch() {
        List<String> kept = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            String eventId = "evt_" + i;
            store.event(eventId, ago(KEEP_COMPLETED.plusHours(10 - i)));
            if (i % 3 != 0) {
                store.delivery("dlv_" + i, eventId, IntentState.PENDING, ago(KEEP_COMPLETED.plusHours(10 - i)));
                kept.add(eventId);
            }
        }

        Sweep sweep = sweeper(2).sweep(() -> true);

        assertThat(sweep.eventsDeleted()).isEqualTo(3);
        assertThat(store.events.keySet()).containsExactlyInAnyOrderElementsOf(kept);
        assertThat(store.timesExamined).hasSize(7).allSatisfy((id, times) -> assertThat(times).as(id).isEqualTo(1));
        assertThat(store.eventDeletes).as("a batch with nothing to delete calls no delete").containsExactly(1, 1, 1);
        assertThat(metrics.eventBatches()).containsExactly(1, 1, 1);
    }

    @Test
    void aSweepToldToStopStopsBeforeItsNextBatchAndTheNextSweepCarriesOn() {
        store.event("evt_1", ago(Duration.ofDays(1)));
        IntStream.range(0, 5).forEach(i -> store.delivery("dlv_" + i, "evt_1", IntentState.COMPLETED, ago(KEEP_COMPLETED.plusMinutes(i + 1))));
        AtomicInteger asked = new AtomicInteger();

        Sweep stopped = sweeper(2).sweep(() -> asked.incrementAndGet() <= 1);

        assertThat(stopped).isEqualTo(new Sweep(2, 0, false));
        assertThat(asked).as("asked before the second batch, then never again").hasValue(2);
        assertThat(store.deliveries).hasSize(3);

        Sweep next = sweeper(2).sweep(() -> true);

        assertThat(next).isEqualTo(new Sweep(3, 0, true));
        assertThat(store.deliveries).isEmpty();
    }

    @Test
    void aDeliveryRetriedBetweenFindingAndDeletingStaysAndTheSweepDoesNotSpinOnIt() {
        store.event("evt_1", ago(Duration.ofDays(40)));
        store.delivery("dlv_a", "evt_1", IntentState.FAILED, ago(KEEP_FAILED.plusHours(2)));
        store.delivery("dlv_b", "evt_1", IntentState.FAILED, ago(KEEP_FAILED.plusHours(1)));
        store.beforeNextDelete(() -> {
            store.delivery("dlv_a", "evt_1", IntentState.PENDING, clock.instant());
            store.delivery("dlv_b", "evt_1", IntentState.PENDING, clock.instant());
        });

        Sweep sweep = sweeper(2).sweep(() -> true);

        assertThat(sweep).isEqualTo(new Sweep(0, 0, true));
        assertThat(store.deliveryDeletes).containsExactly(2);
        assertThat(store.deliveries.values()).extracting(InMemoryRetentionStore.StoredDelivery::state)
                .containsOnly(IntentState.PENDING);
        assertThat(store.events).containsOnlyKeys("evt_1");
    }

    @Test
    void agesAreMeasuredFromTheClockWhenTheSweepBegins() {
        store.event("evt_1", ago(KEEP_COMPLETED));
        RetentionSweeper sweeper = sweeper(10);

        assertThat(sweeper.sweep(() -> true).eventsDeleted()).isZero();
        clock.advance(MS);
        assertThat(sweeper.sweep(() -> true).eventsDeleted()).isEqualTo(1);
    }
}
