package io.hookrelay.queue.pool;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.queue.AttemptOutcome;
import io.hookrelay.queue.Intent;
import io.hookrelay.queue.IntentQueue;
import io.hookrelay.queue.IntentState;
import io.hookrelay.queue.NewIntent;
import io.hookrelay.queue.ScheduleBackoff;
import io.hookrelay.queue.Settlement;
import io.hookrelay.queue.testing.InMemoryIntentStore;
import io.hookrelay.queue.testing.RecordingQueueMetrics;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** What a pool's {@link OutcomeListener} hears: each settlement that landed, and none whose claim was lost. */
class WorkerPoolOutcomeListenerTest {
    private static final Duration WAIT = Duration.ofSeconds(10);
    private static final PoolSettings SETTINGS = PoolSettings.withWorkers(1).withLease(Duration.ofSeconds(5))
            .withIdlePoll(Duration.ofMillis(20)).withShutdownGrace(Duration.ofSeconds(5));

    private final InMemoryIntentStore store = new InMemoryIntentStore();
    private final IntentQueue queue = new IntentQueue(store, Clock.systemUTC());
    private final RecordingQueueMetrics metrics = new RecordingQueueMetrics();
    private final List<Heard> heard = new CopyOnWriteArrayList<>();
    private WorkerPool pool;

    private record Heard(String intentId, int attempts, Settlement settlement) {
    }

    @AfterEach
    void closePool() {
        if (pool != null) {
            pool.close();
        }
    }

    @Test
    void hearsTheRetryAndThenTheFailureForGoodOnceTheStoreHoldsIt() throws Exception {
        start(WorkerPool.builder(queue)
                .handler("job", (intent, attempt) -> {
                    throw new IllegalStateException("receiver down");
                })
                .retryPolicy("job", new ScheduleBackoff(List.of(Duration.ZERO))));

        String id = queue.enqueue(NewIntent.of("job", "evt_1", "target-a", "p")).id();
        metrics.awaitAttempts("job", AttemptOutcome.ERROR, 2, WAIT);

        assertThat(store.find(id).orElseThrow().state()).isEqualTo(IntentState.FAILED);
        assertThat(heard).extracting(Heard::intentId).containsOnly(id);
        assertThat(heard).extracting(h -> h.settlement().getClass().getSimpleName()).containsExactly("Retry", "Fail");
        assertThat(heard.get(1).attempts()).as("the intent as its last attempt claimed it").isEqualTo(2);
        assertThat(((Settlement.Fail) heard.get(1).settlement()).error()).contains("receiver down");
    }

    @Test
    void hearsNothingOfAnAttemptWhoseClaimAnOperatorRevoked() throws Exception {
        CountDownLatch inHandler = new CountDownLatch(1);
        CountDownLatch cancelled = new CountDownLatch(1);
        start(WorkerPool.builder(queue).handler("job", (intent, attempt) -> {
            inHandler.countDown();
            assertThat(cancelled.await(10, TimeUnit.SECONDS)).isTrue();
            throw new IllegalStateException("failed after the cancel");
        }));

        String id = queue.enqueue(NewIntent.of("job", "evt_1", "target-a", "p")).id();
        assertThat(inHandler.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(queue.cancel(id)).isTrue();
        cancelled.countDown();
        metrics.awaitAttempts("job", AttemptOutcome.FENCED, 1, WAIT);

        assertThat(store.find(id).orElseThrow().state()).isEqualTo(IntentState.CANCELLED);
        assertThat(heard).isEmpty();
    }

    @Test
    void listenersJoinedHearEachSettlementInTurn() {
        List<String> told = new CopyOnWriteArrayList<>();
        OutcomeListener first = (intent, settlement) -> told.add("first " + intent.id());
        OutcomeListener both = first.andThen((intent, settlement) -> told.add("then " + intent.id()));

        Intent intent = store.find(queue.enqueue(NewIntent.of("job", "evt_1", "target-a", "p")).id()).orElseThrow();

        both.settled(intent, new Settlement.Complete());

        assertThat(told).containsExactly("first " + intent.id(), "then " + intent.id());
    }

    private void start(WorkerPool.Builder builder) {
        pool = builder.settings(SETTINGS).metrics(metrics)
                .outcomeListener((intent, settlement) -> heard.add(new Heard(intent.id(), intent.attempts(), settlement)))
                .build();
        pool.start();
    }
}
