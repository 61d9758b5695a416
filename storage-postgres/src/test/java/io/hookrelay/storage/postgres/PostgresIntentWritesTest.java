package io.hookrelay.storage.postgres;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.queue.ClaimRef;
import io.hookrelay.queue.EndedIntents;
import io.hookrelay.queue.Intent;
import io.hookrelay.queue.IntentSelection;
import io.hookrelay.queue.IntentState;
import io.hookrelay.queue.NewIntent;
import io.hookrelay.queue.testing.Await;
import io.hookrelay.storage.postgres.testing.PostgresTestDatabase;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The writes relay stores make through {@link io.hookrelay.queue.IntentWrites}, and pauses larger than a chunk. */
class PostgresIntentWritesTest {
    private static final Instant NOW = Instant.parse("2026-12-01T12:00:00Z");
    private static final Instant LATER = NOW.plusSeconds(60);
    private static final Duration LEASE = Duration.ofMinutes(5);
    private static final Duration WAIT = Duration.ofSeconds(30);

    @RegisterExtension
    static final PostgresTestDatabase postgres = new PostgresTestDatabase();

    private PostgresDatabase database;
    private PostgresIntentStore store;

    @BeforeEach
    void openStore() throws Exception {
        database = PostgresDatabase.open(postgres.freshSchema(), Clock.fixed(NOW, ZoneOffset.UTC));
        store = new PostgresIntentStore(database);
    }

    @AfterEach
    void closeStore() {
        store.close();
        database.close();
    }

    @Test
    void retireCancelsTheOpenWorkOfAPairLiftsItsPauseAndTellsTheHoldersOfItsClaims() {
        store.enqueueAll(List.of(job("evt_1", "target-a"), job("evt_2", "target-a"), job("evt_3", "target-b").dueAt(LATER)), NOW);
        ClaimRef running = store.claim(NOW, LEASE, 1).get(0).requireClaim();
        String completed = store.claim(NOW, LEASE, 1).get(0).id();
        store.complete(store.find(completed).orElseThrow().requireClaim(), NOW);
        store.pause("job", "target-a");
        RecordingListener listener = new RecordingListener();
        store.addListener(listener);

        int retired = store.inTransaction("delete target", (handle, writes) -> writes.retire("job", "target-a", NOW));

        assertThat(retired).isEqualTo(1);
        assertThat(store.find(running.intentId())).map(Intent::state).contains(IntentState.CANCELLED);
        assertThat(store.find(completed)).map(Intent::state).contains(IntentState.COMPLETED);
        assertThat(store.find(NewIntent.defaultId("job", "evt_3", "target-b"))).map(Intent::state).contains(IntentState.PENDING);
        assertThat(store.isPaused("job", "target-a")).isFalse();
        assertThat(store.complete(running, NOW)).isFalse();
        assertThat(listener.heard()).containsExactly("revoked " + running.intentId() + " " + running.token());
    }

    @Test
    void retryAllRevivesTheSelectedEndedIntentsKeepingTheirAttempts() {
        store.enqueueAll(List.of(job("evt_1", "target-a"), job("evt_2", "target-b"), job("evt_3", "target-a").dueAt(LATER)), NOW);
        for (Intent intent : store.claim(NOW, LEASE, 3)) {
            store.fail(intent.requireClaim(), "gone", NOW);
        }
        store.cancel(NewIntent.defaultId("job", "evt_3", "target-a"), NOW);

        int retried = store.retryAll(new IntentSelection("job", IntentState.FAILED, Optional.of("target-a"), Optional.of(NOW)), LATER);

        assertThat(retried).isEqualTo(1);
        Intent revived = store.find(NewIntent.defaultId("job", "evt_1", "target-a")).orElseThrow();
        assertThat(revived.state()).isEqualTo(IntentState.PENDING);
        assertThat(revived.attempts()).isEqualTo(1);
        assertThat(revived.nextAt()).isEqualTo(LATER);
        assertThat(store.find(NewIntent.defaultId("job", "evt_2", "target-b"))).map(Intent::state).contains(IntentState.FAILED);
        assertThat(store.find(NewIntent.defaultId("job", "evt_3", "target-a"))).map(Intent::state).contains(IntentState.CANCELLED);
    }

    @Test
    void retryAllOfAPausedPairWaitsForTheResume() {
        store.enqueue(job("evt_1", "target-a"), NOW);
        store.fail(store.claim(NOW, LEASE, 1).get(0).requireClaim(), "gone", NOW);
        store.pause("job", "target-a");

        store.retryAll(new IntentSelection("job", IntentState.FAILED, Optional.empty(), Optional.empty()), NOW);

        assertThat(store.claim(NOW, LEASE, 10)).isEmpty();
        store.resume("job", "target-a");
        assertThat(store.claim(NOW, LEASE, 10)).hasSize(1);
    }

    @Test
    void deleteEndedDeletesOnlyTheNamedIntentsThatStillMatch() {
        store.enqueueAll(List.of(job("evt_1", "target-a"), job("evt_2", "target-a"), job("evt_3", "target-a")), NOW);
        List<Intent> claimed = store.claim(NOW, LEASE, 2);
        claimed.forEach(intent -> store.complete(intent.requireClaim(), NOW));
        String pending = NewIntent.defaultId("job", "evt_3", "target-a");
        Set<String> named = Set.of(claimed.get(0).id(), claimed.get(1).id(), pending);

        int deleted = store.deleteEnded(new EndedIntents("job", Set.of(IntentState.COMPLETED), NOW.plusMillis(1)), named);

        assertThat(deleted).isEqualTo(2);
        assertThat(store.find(claimed.get(0).id())).isEmpty();
        assertThat(store.find(pending)).isPresent();
    }

    @Test
    void aPauseLargerThanAChunkHoldsAllOfItAndTheResumeReleasesAllOfIt() {
        int count = PostgresIntentStore.HOLD_CHUNK * 2 + 17;
        store.enqueueAll(IntStream.range(0, count).mapToObj(i -> job("evt_" + i, "target-a")).toList(), NOW);
        store.enqueue(job("evt_other", "target-b"), NOW);

        store.pause("job", "target-a");
        assertThat(store.claim(NOW, LEASE, count)).extracting(Intent::target).containsExactly("target-b");

        store.resume("job", "target-a");
        assertThat(store.claim(NOW, LEASE, count)).hasSize(count);
    }

    @Test
    void aPauseReturnsAfterItsFirstChunkAndItsStoreHoldsTheRestSoon() throws Exception {
        int count = PostgresIntentStore.HOLD_CHUNK * 3 + 5;
        store.enqueueAll(IntStream.range(0, count).mapToObj(i -> job("evt_" + i, "target-a")).toList(), NOW);

        store.pause("job", "target-a");
        assertThat(store.claim(NOW, LEASE, count)).as("nothing of the pair claimed once the pause returned").isEmpty();

        Await.until("every open intent of the paused pair held", WAIT, () -> heldOf("target-a") == count);
    }

    @Test
    void pausingAPausedPairAgainHoldsWhatAStoppedNodeLeftUnheld() throws Exception {
        int count = PostgresIntentStore.HOLD_CHUNK + 5;
        store.enqueueAll(IntStream.range(0, count).mapToObj(i -> job("evt_" + i, "target-a")).toList(), NOW);
        store.pause("job", "target-a");
        Await.until("every open intent of the paused pair held", WAIT, () -> heldOf("target-a") == count);
        database.read("leave the pair half held", handle -> handle.createUpdate(
                "UPDATE intent_states SET held = false WHERE target = 'target-a' AND id IN (SELECT id FROM intents LIMIT 500)").execute());

        store.pause("job", "target-a");

        Await.until("held again", WAIT, () -> heldOf("target-a") == count);
        assertThat(store.claim(NOW, LEASE, count)).isEmpty();
    }

    @Test
    void aResumeRightAfterAPauseOfALargeBacklogLeavesNothingOfItHeld() {
        int count = PostgresIntentStore.HOLD_CHUNK * 3 + 5;
        store.enqueueAll(IntStream.range(0, count).mapToObj(i -> job("evt_" + i, "target-a")).toList(), NOW);

        store.pause("job", "target-a");
        store.resume("job", "target-a");
        store.close();

        assertThat(heldOf("target-a")).as("held once the store stopped holding").isZero();
        store = new PostgresIntentStore(database);
        assertThat(store.claim(NOW, LEASE, count)).hasSize(count);
    }

    @Test
    void aResumeWaitsForAnEnqueueThatSawThePauseSoTheIntentIsNeverLeftHeld() throws Exception {
        store.pause("job", "target-a");
        CountDownLatch enqueued = new CountDownLatch(1);
        CountDownLatch commit = new CountDownLatch(1);
        ExecutorService threads = Executors.newFixedThreadPool(2);
        try {
            Future<?> enqueue = threads.submit(() -> store.inTransaction("enqueue while paused", (handle, writes) -> {
                writes.enqueueAll(List.of(job("evt_1", "target-a")), NOW);
                enqueued.countDown();
                awaitQuietly(commit);
                return null;
            }));
            enqueued.await();
            Future<?> resume = threads.submit(() -> store.resume("job", "target-a"));
            Await.until("the resume waits on the enqueue's lock of the pause", WAIT, () -> sessionsWaitingOnLocks() > 0);
            commit.countDown();
            enqueue.get();
            resume.get();
        } finally {
            threads.shutdownNow();
        }

        assertThat(store.isPaused("job", "target-a")).isFalse();
        assertThat(store.claim(NOW, LEASE, 10)).extracting(Intent::eventId).containsExactly("evt_1");
    }

    private int heldOf(String target) {
        return database.read("held intents", handle -> handle.createQuery("SELECT count(*) FROM intent_states WHERE target = :target AND held")
                .bind("target", target).mapTo(Integer.class).one());
    }

    private int sessionsWaitingOnLocks() {
        return database.read("waiting sessions", handle -> handle.createQuery("""
                SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'
                """).mapTo(Integer.class).one());
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while holding the transaction open", e);
        }
    }

    private static NewIntent job(String eventId, String target) {
        return NewIntent.of("job", eventId, target, "p");
    }
}
