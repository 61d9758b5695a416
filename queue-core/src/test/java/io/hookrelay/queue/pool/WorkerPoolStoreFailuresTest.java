package io.hookrelay.queue.pool;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.queue.AttemptOutcome;
import io.hookrelay.queue.Intent;
import io.hookrelay.queue.IntentQueue;
import io.hookrelay.queue.IntentState;
import io.hookrelay.queue.NewIntent;
import io.hookrelay.queue.ScheduleBackoff;
import io.hookrelay.queue.StoreException;
import io.hookrelay.queue.TransientStoreException;
import io.hookrelay.queue.Verdict;
import io.hookrelay.queue.testing.Await;
import io.hookrelay.queue.testing.FlakyIntentStore;
import io.hookrelay.queue.testing.InMemoryIntentStore;
import io.hookrelay.queue.testing.RecordingQueueMetrics;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What a worker pool does when its store fails: a transient failure is repeated until the write lands and
 * counted, never dropping an outcome; a store that fails for good stops the pool instead of spinning.
 */
class WorkerPoolStoreFailuresTest {
    private static final Duration WAIT = Duration.ofSeconds(10);
    private static final PoolSettings SETTINGS = PoolSettings.withWorkers(1).withLease(Duration.ofMillis(450))
            .withIdlePoll(Duration.ofMillis(20)).withShutdownGrace(Duration.ofSeconds(5));

    private final Clock clock = Clock.systemUTC();
    private final FlakyIntentStore store = new FlakyIntentStore(new InMemoryIntentStore());
    private final IntentQueue queue = new IntentQueue(store, clock);
    private final RecordingQueueMetrics metrics = new RecordingQueueMetrics();
    private WorkerPool pool;

    @AfterEach
    void closePool() {
        if (pool != null) {
            pool.close();
        }
    }

    @Test
    void aCompletionThatFailsTransientlyIsRepeatedUntilItLands() throws Exception {
        store.failNext("settle", 3);
        start(WorkerPool.builder(queue).handler("job", (intent, signal) -> Verdict.completed()));

        String id = enqueue();
        metrics.awaitAttempts("job", AttemptOutcome.SUCCESS, 1, WAIT);

        assertThat(stored(id).state()).isEqualTo(IntentState.COMPLETED);
        assertThat(store.failuresLeft("settle")).isZero();
        assertThat(metrics.storeRetries("settle")).isEqualTo(3);
        assertThat(store.attempts(id)).as("the repeated write logs the attempt once").hasSize(1);
        assertThat(pool.isRunning()).isTrue();
    }

    @Test
    void aRetryThatFailsTransientlyIsRepeatedUntilItLands() throws Exception {
        store.failNext("settle", 3);
        start(WorkerPool.builder(queue)
                .handler("job", (intent, signal) -> {
                    throw new IllegalStateException("receiver down");
                })
                .retryPolicy("job", new ScheduleBackoff(List.of(Duration.ofHours(1)))));

        Instant enqueuedAt = clock.instant();
        String id = enqueue();
        metrics.awaitAttempts("job", AttemptOutcome.ERROR, 1, WAIT);

        Intent retried = stored(id);
        assertThat(retried.state()).isEqualTo(IntentState.PENDING);
        assertThat(retried.lastError()).isEqualTo("receiver down");
        assertThat(retried.nextAt()).isAfter(enqueuedAt.plus(Duration.ofMinutes(30)));
        assertThat(store.failuresLeft("settle")).isZero();
        assertThat(metrics.storeRetries("settle")).isEqualTo(3);
    }

    @Test
    void aFailureThatFailsTransientlyIsRepeatedUntilItLands() throws Exception {
        store.failNext("settle", 2);
        start(WorkerPool.builder(queue).handler("job", (intent, signal) -> Verdict.failed("malformed")));

        String id = enqueue();
        metrics.awaitAttempts("job", AttemptOutcome.STOP, 1, WAIT);

        assertThat(stored(id).state()).isEqualTo(IntentState.FAILED);
        assertThat(metrics.storeRetries("settle")).isEqualTo(2);
    }

    @Test
    void aClaimThatFailsTransientlyIsRepeatedAndTheWorkStillGetsDone() throws Exception {
        store.failNext("claim", 3);
        start(WorkerPool.builder(queue).handler("job", (intent, signal) -> Verdict.completed()));

        String id = enqueue();
        metrics.awaitAttempts("job", AttemptOutcome.SUCCESS, 1, WAIT);

        assertThat(stored(id).state()).isEqualTo(IntentState.COMPLETED);
        assertThat(metrics.storeRetries("claim")).isEqualTo(3);
        assertThat(pool.isRunning()).isTrue();
    }

    @Test
    void aRenewalThatFailsTransientlyDoesNotCostTheClaim() throws Exception {
        store.failNext("renew", 1);
        CountDownLatch mayFinish = new CountDownLatch(1);
        start(WorkerPool.builder(queue).handler("job", (intent, signal) -> {
            if (!mayFinish.await(WAIT.toMillis(), TimeUnit.MILLISECONDS)) {
                throw new IllegalStateException("the test never let the attempt finish");
            }
            return Verdict.completed();
        }));

        String id = enqueue();
        Await.until("a failed renewal and a good one", WAIT, () -> store.finishedCalls("renew") >= 2);
        mayFinish.countDown();
        metrics.awaitAttempts("job", AttemptOutcome.SUCCESS, 1, WAIT);

        assertThat(metrics.storeRetries("renew")).isEqualTo(1);
        assertThat(metrics.attempts(AttemptOutcome.FENCED)).isZero();
        assertThat(stored(id).attempts()).isEqualTo(1);
    }

    @Test
    void aStoreThatFailsForGoodStopsThePoolInsteadOfSpinning() throws Exception {
        store.breakOperation("claim");
        start(WorkerPool.builder(queue).handler("job", (intent, signal) -> Verdict.completed()));

        Await.until("the pool stopped", WAIT, () -> !pool.isRunning());

        assertThat(pool.failure()).get().isInstanceOf(StoreException.class)
                .isNotInstanceOf(TransientStoreException.class);
        assertThat(store.finishedCalls("claim")).as("one failed claim, not a loop of them").isEqualTo(1);
        assertThat(metrics.storeRetries()).isZero();
    }

    @Test
    void aStoreThatBreaksWhileWritingAnOutcomeStopsThePoolAndLeavesTheClaimToExpire() throws Exception {
        store.breakOperation("settle");
        start(WorkerPool.builder(queue).handler("job", (intent, signal) -> Verdict.completed()));

        String id = enqueue();
        Await.until("the pool stopped", WAIT, () -> !pool.isRunning());

        assertThat(pool.failure()).isPresent();
        assertThat(stored(id).state()).isEqualTo(IntentState.RUNNING);
    }

    private void start(WorkerPool.Builder builder) {
        pool = builder.settings(SETTINGS).metrics(metrics).build();
        pool.start();
    }

    private String enqueue() {
        return queue.enqueue(NewIntent.of("job", "evt_1", "target-a", "p")).id();
    }

    private Intent stored(String id) {
        return store.find(id).orElseThrow();
    }
}
