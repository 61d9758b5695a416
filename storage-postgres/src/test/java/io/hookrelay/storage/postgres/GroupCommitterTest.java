package io.hookrelay.storage.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hookrelay.queue.AttemptDetail;
import io.hookrelay.queue.AttemptOutcome;
import io.hookrelay.queue.AttemptRecord;
import io.hookrelay.queue.ClaimRef;
import io.hookrelay.queue.Enqueued;
import io.hookrelay.queue.Intent;
import io.hookrelay.queue.IntentState;
import io.hookrelay.queue.NewIntent;
import io.hookrelay.queue.Settlement;
import io.hookrelay.queue.StoreException;
import io.hookrelay.queue.TransientStoreException;
import io.hookrelay.queue.testing.Await;
import io.hookrelay.storage.postgres.testing.PostgresTestDatabase;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Enqueues and settlements handed over together share commits, and each caller still gets its own answer, as
 * if the callers had written one after another.
 */
class GroupCommitterTest {
    private static final Instant NOW = Instant.parse("2026-12-01T12:00:00Z");
    private static final Duration LEASE = Duration.ofMinutes(5);

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
    void aRefusedLogEntryFailsOnlyItsOwnSettlementAmongThoseHandedOverTogether() {
        List<Intent> claimed = claimAll(40);
        Intent refused = claimed.get(17);
        store.settle(refused.requireClaim(), new Settlement.Retry(NOW, "first"), Optional.of(entry(1)), NOW);
        ClaimRef reclaimed = store.claim(NOW, LEASE, 1).get(0).requireClaim();

        List<CompletableFuture<Boolean>> answers = new ArrayList<>();
        for (Intent intent : claimed) {
            ClaimRef claim = intent == refused ? reclaimed : intent.requireClaim();
            answers.add(store.settleAsync(claim, new Settlement.Complete(), Optional.of(entry(1)), NOW));
        }

        for (int i = 0; i < claimed.size(); i++) {
            if (claimed.get(i) == refused) {
                CompletableFuture<Boolean> answer = answers.get(i);
                assertThatThrownBy(answer::join).isInstanceOf(CompletionException.class)
                        .hasCauseInstanceOf(IllegalArgumentException.class);
            } else {
                assertThat(answers.get(i).join()).isTrue();
                assertThat(store.find(claimed.get(i).id())).map(Intent::state).contains(IntentState.COMPLETED);
            }
        }
        assertThat(store.find(refused.id())).map(Intent::state).contains(IntentState.RUNNING);
        assertThat(store.attempts(refused.id())).extracting(AttemptRecord::error).containsExactly("first");
    }

    @Test
    void twoSettlementsOfOneClaimHandedOverTogetherLandOnce() {
        ClaimRef claim = claimAll(1).get(0).requireClaim();

        CompletableFuture<Boolean> first = store.settleAsync(claim, new Settlement.Complete(), Optional.empty(), NOW);
        CompletableFuture<Boolean> second = store.settleAsync(claim, new Settlement.Fail("late"), Optional.empty(), NOW);

        assertThat(first.join()).isTrue();
        assertThat(second.join()).isFalse();
        assertThat(store.find(claim.intentId())).map(Intent::state).contains(IntentState.COMPLETED);
    }

    @Test
    void aBatchWaitsUntilAsManyRequestsAsTheLastOneHadAreWaitingAndWritesThemInOneTransaction() throws Exception {
        try (GroupCommitter<Enqueues.Request, List<Enqueued>> enqueues = committerAfterABatchOfThree(Duration.ofMinutes(1))) {
            long before = database.transactions();
            CompletableFuture<List<Enqueued>> alone = submit(enqueues, "evt_alone");

            assertThatThrownBy(() -> alone.get(300, TimeUnit.MILLISECONDS)).as("one of three").isInstanceOf(TimeoutException.class);
            List<CompletableFuture<List<Enqueued>>> rest = List.of(submit(enqueues, "evt_second"), submit(enqueues, "evt_third"));

            assertThat(alone.join()).containsExactly(new Enqueued(intent("evt_alone").id(), false));
            rest.forEach(CompletableFuture::join);
            assertThat(database.transactions() - before).as("the three requests' transactions").isEqualTo(1);
        }
    }

    @Test
    void aBatchWaitsForMoreRequestsNoLongerThanItsGatheringBound() throws Exception {
        try (GroupCommitter<Enqueues.Request, List<Enqueued>> enqueues = committerAfterABatchOfThree(Duration.ofMillis(50))) {
            CompletableFuture<List<Enqueued>> alone = submit(enqueues, "evt_alone");

            assertThat(alone.get(30, TimeUnit.SECONDS)).containsExactly(new Enqueued(intent("evt_alone").id(), false));
        }
    }

    @Test
    void aBatchLostWithTheDatabaseFailsTheRequestsWaitingBehindItWithoutWritingThem() throws Exception {
        CountDownLatch lost = new CountDownLatch(1);
        List<List<String>> written = new CopyOnWriteArrayList<>();
        TransientStoreException gone = new TransientStoreException("the database stopped answering", null);
        GroupCommitter.BatchWrite<String, String> write = (handle, batch) -> {
            written.add(batch);
            if (batch.contains("in flight")) {
                awaitQuietly(lost);
                throw gone;
            }
            return batch;
        };
        try (GroupCommitter<String, String> committer = new GroupCommitter<>(database, "lost", write)) {
            CompletableFuture<String> inFlight = committer.submit("in flight");
            Await.until("the first batch is being written", Duration.ofSeconds(30), () -> !written.isEmpty());
            List<CompletableFuture<String>> behind = List.of(committer.submit("behind 1"), committer.submit("behind 2"));

            lost.countDown();

            assertThatThrownBy(inFlight::join).hasCause(gone);
            behind.forEach(answer -> assertThatThrownBy(answer::join).hasCause(gone));
            assertThat(committer.submit("after").get(30, TimeUnit.SECONDS)).isEqualTo("after");
            assertThat(written).containsExactly(List.of("in flight"), List.of("after"));
        }
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    void aRequestAfterABatchOfOneIsTakenAtOnce() throws Exception {
        try (GroupCommitter<Enqueues.Request, List<Enqueued>> enqueues =
                     new GroupCommitter<>(database, "enqueue", new Enqueues(() -> { }), Duration.ofMinutes(1))) {
            submit(enqueues, "evt_first").join();

            assertThat(submit(enqueues, "evt_next").get(30, TimeUnit.SECONDS))
                    .containsExactly(new Enqueued(intent("evt_next").id(), false));
        }
    }

    @Test
    void aRequestAfterALullLongerThanTheGatheringBoundIsTakenAtOnce() throws Exception {
        Duration gather = Duration.ofSeconds(3);
        try (GroupCommitter<Enqueues.Request, List<Enqueued>> enqueues = committerAfterABatchOfThree(gather)) {
            Thread.sleep(gather.plusMillis(100).toMillis());

            assertThat(submit(enqueues, "evt_after_the_lull").get(2, TimeUnit.SECONDS))
                    .containsExactly(new Enqueued(intent("evt_after_the_lull").id(), false));
        }
    }

    @Test
    void aSettlementHandedOverAfterCloseFailsAndNothingIsWritten() {
        ClaimRef claim = claimAll(1).get(0).requireClaim();
        store.close();

        assertThatThrownBy(() -> store.complete(claim, NOW)).isInstanceOf(StoreException.class);
        assertThat(store.find(claim.intentId())).map(Intent::state).contains(IntentState.RUNNING);
    }

    @Test
    void enqueuesHandedOverWhileABatchIsWrittenShareOneTransactionAndEachCallerGetsItsOwnAnswer() throws Exception {
        Enqueued existing = store.enqueue(intent("evt_existing"), NOW);
        AtomicInteger announced = new AtomicInteger();
        try (GroupCommitter<Enqueues.Request, List<Enqueued>> enqueues = enqueueCommitter(announced::incrementAndGet);
             HeldInsert held = new HeldInsert("held")) {
            CompletableFuture<List<Enqueued>> first = held.blockedBehindIt(enqueues);
            List<List<NewIntent>> callers = new ArrayList<>();
            List<CompletableFuture<List<Enqueued>>> answers = new ArrayList<>();
            for (int i = 0; i < 20; i++) {
                List<NewIntent> intents = i == 7
                        ? List.of(intent("evt_7"), intent("evt_existing"))
                        : IntStream.rangeClosed(0, i % 3).mapToObj(j -> intent("evt_" + callers.size() + "_" + j)).toList();
                callers.add(intents);
                answers.add(enqueues.submit(new Enqueues.Request(intents, NOW.plusMillis(i))));
            }
            long before = database.transactions();

            held.release();

            assertThat(first.join()).containsExactly(new Enqueued(intent("held").id(), true));
            for (int i = 0; i < callers.size(); i++) {
                List<Enqueued> expected = callers.get(i).stream().map(intent -> intent.eventId().equals("evt_existing")
                        ? new Enqueued(existing.id(), true) : new Enqueued(intent.id(), false)).toList();
                assertThat(answers.get(i).join()).as("caller %d", i).isEqualTo(expected);
                callers.get(i).forEach(intent -> assertThat(store.find(intent.id())).isPresent());
            }
            held.awaitCommitted();
            assertThat(database.transactions() - before).as("the held transaction, the first batch, one for the rest").isEqualTo(3);
            assertThat(announced).as("the first batch stored nothing").hasValue(1);
        }
    }

    @Test
    void aCallerWhoseIdIsUsedByOtherWorkFailsAloneKeepingNothingAndTheOthersAreWritten() throws Exception {
        store.enqueue(new NewIntent("taken", "job", "evt_taken", "target-a", "p", Optional.empty()), NOW);
        try (GroupCommitter<Enqueues.Request, List<Enqueued>> enqueues = enqueueCommitter(() -> { });
             HeldInsert held = new HeldInsert("held")) {
            CompletableFuture<List<Enqueued>> first = held.blockedBehindIt(enqueues);
            NewIntent before = intent("evt_before");
            List<NewIntent> refused = List.of(intent("evt_refused"), new NewIntent("own", "job", "evt_own", "target-a", "p",
                    Optional.empty()), new NewIntent("taken", "job", "evt_other", "target-a", "p", Optional.empty()));
            NewIntent after = new NewIntent("own", "job", "evt_after", "target-a", "p", Optional.empty());
            CompletableFuture<List<Enqueued>> beforeAnswer = enqueues.submit(new Enqueues.Request(List.of(before), NOW));
            CompletableFuture<List<Enqueued>> refusedAnswer = enqueues.submit(new Enqueues.Request(refused, NOW));
            CompletableFuture<List<Enqueued>> afterAnswer = enqueues.submit(new Enqueues.Request(List.of(after), NOW));

            held.release();

            first.join();
            assertThat(beforeAnswer.join()).containsExactly(new Enqueued(before.id(), false));
            assertThatThrownBy(refusedAnswer::join).isInstanceOf(CompletionException.class)
                    .hasCauseInstanceOf(IllegalArgumentException.class).hasMessageContaining("taken");
            assertThat(afterAnswer.join()).as("the id the refused caller had used is free for a later one")
                    .containsExactly(new Enqueued("own", false));
            assertThat(store.find(refused.get(0).id())).isEmpty();
            assertThat(store.find("own")).map(Intent::eventId).contains("evt_after");
            assertThat(store.find("taken")).map(Intent::eventId).contains("evt_taken");
        }
    }

    @Test
    void callersOfOneWorkInOneBatchFareAsIfTheyHadEnqueuedOneAfterAnother() throws Exception {
        store.enqueue(new NewIntent("old", "job", "evt_old", "target-a", "p", Optional.empty()), NOW);
        try (GroupCommitter<Enqueues.Request, List<Enqueued>> enqueues = enqueueCommitter(() -> { });
             HeldInsert held = new HeldInsert("held")) {
            CompletableFuture<List<Enqueued>> first = held.blockedBehindIt(enqueues);
            List<NewIntent> intents = List.of(
                    intent("evt_same"), intent("evt_same"),
                    explicit("id-1", "evt_triple"), explicit("id-2", "evt_triple"),
                    explicit("id-z", "evt_z"), explicit("id-z", "evt_z"),
                    explicit("id-e", "evt_old"), explicit("id-e", "evt_new"));
            List<CompletableFuture<List<Enqueued>>> answers = intents.stream()
                    .map(intent -> enqueues.submit(new Enqueues.Request(List.of(intent), NOW))).toList();
            NewIntent second = explicit("id-w", "evt_w2");
            CompletableFuture<List<Enqueued>> firstOfId = enqueues.submit(new Enqueues.Request(List.of(explicit("id-w", "evt_w1")), NOW));
            CompletableFuture<List<Enqueued>> secondOfId = enqueues.submit(new Enqueues.Request(List.of(second), NOW));

            held.release();

            first.join();
            String same = intents.get(0).id();
            assertThat(answers).extracting(CompletableFuture::join).containsExactly(
                    List.of(new Enqueued(same, false)), List.of(new Enqueued(same, true)),
                    List.of(new Enqueued("id-1", false)), List.of(new Enqueued("id-1", true)),
                    List.of(new Enqueued("id-z", false)), List.of(new Enqueued("id-z", true)),
                    List.of(new Enqueued("old", true)), List.of(new Enqueued("id-e", false)));
            assertThat(store.find("id-e")).map(Intent::eventId).contains("evt_new");
            assertThat(firstOfId.join()).containsExactly(new Enqueued("id-w", false));
            assertThatThrownBy(secondOfId::join).hasCauseInstanceOf(IllegalArgumentException.class);
            assertThat(store.find("id-w")).map(Intent::eventId).contains("evt_w1");
        }
    }

    @Test
    void concurrentEnqueuesOfOneWorkStoreItOnceAndTellEveryCallerItsId() throws Exception {
        int callers = 16;
        ExecutorService threads = Executors.newFixedThreadPool(callers);
        try {
            CountDownLatch ready = new CountDownLatch(callers);
            List<Future<Enqueued>> answers = new ArrayList<>();
            for (int i = 0; i < callers; i++) {
                answers.add(threads.submit(() -> {
                    ready.countDown();
                    ready.await();
                    return store.enqueue(intent("evt_contended"), NOW);
                }));
            }
            List<Enqueued> results = new ArrayList<>();
            for (Future<Enqueued> answer : answers) {
                results.add(answer.get());
            }

            String id = intent("evt_contended").id();
            assertThat(results).extracting(Enqueued::id).containsOnly(id);
            assertThat(results).filteredOn(result -> !result.duplicate()).hasSize(1);
        } finally {
            threads.shutdownNow();
        }
    }

    @Test
    void closingWritesTheEnqueuesAlreadyHandedOverAndRefusesLaterOnes() throws Exception {
        GroupCommitter<Enqueues.Request, List<Enqueued>> enqueues = enqueueCommitter(() -> { });
        List<NewIntent> accepted = new ArrayList<>();
        List<CompletableFuture<List<Enqueued>>> answers = new ArrayList<>();
        NewIntent refused;
        CompletableFuture<List<Enqueued>> refusedAnswer;
        try (HeldInsert held = new HeldInsert("held")) {
            answers.add(held.blockedBehindIt(enqueues));
            accepted.add(intent("held"));
            Thread closing = new Thread(enqueues::close);
            closing.start();
            while (true) {
                NewIntent next = intent("evt_" + accepted.size());
                CompletableFuture<List<Enqueued>> answer = enqueues.submit(new Enqueues.Request(List.of(next), NOW));
                if (answer.isCompletedExceptionally()) {
                    refused = next;
                    refusedAnswer = answer;
                    break;
                }
                accepted.add(next);
                answers.add(answer);
            }

            held.release();
            closing.join();
        }

        assertThat(answers).allMatch(CompletableFuture::isDone);
        accepted.forEach(intent -> assertThat(store.find(intent.id())).as(intent.eventId()).isPresent());
        assertThatThrownBy(refusedAnswer::join).hasCauseInstanceOf(StoreException.class);
        assertThat(store.find(refused.id())).isEmpty();
    }

    @Test
    void anEnqueueAfterTheStoreClosedFailsAndNothingIsWritten() {
        store.close();

        assertThatThrownBy(() -> store.enqueue(intent("evt_late"), NOW)).isInstanceOf(StoreException.class);
        int stored = database.read("count", handle -> handle.createQuery("SELECT count(*) FROM intents").mapTo(Integer.class).one());
        assertThat(stored).isZero();
    }

    private GroupCommitter<Enqueues.Request, List<Enqueued>> enqueueCommitter(Runnable workAvailable) {
        return new GroupCommitter<>(database, "enqueue", new Enqueues(workAvailable));
    }

    /** A committer whose last batch took three requests, and whose batches wait up to {@code gather} for three. */
    private GroupCommitter<Enqueues.Request, List<Enqueued>> committerAfterABatchOfThree(Duration gather) throws Exception {
        GroupCommitter<Enqueues.Request, List<Enqueued>> enqueues = new GroupCommitter<>(database, "enqueue", new Enqueues(() -> { }), gather);
        try (HeldInsert held = new HeldInsert("held")) {
            CompletableFuture<List<Enqueued>> blocked = held.blockedBehindIt(enqueues);
            List<CompletableFuture<List<Enqueued>>> three = IntStream.range(0, 3)
                    .mapToObj(i -> enqueues.submit(new Enqueues.Request(List.of(intent("evt_three_" + i)), NOW))).toList();
            held.release();
            blocked.join();
            three.forEach(CompletableFuture::join);
        }
        return enqueues;
    }

    private static CompletableFuture<List<Enqueued>> submit(GroupCommitter<Enqueues.Request, List<Enqueued>> enqueues, String eventId) {
        return enqueues.submit(new Enqueues.Request(List.of(intent(eventId)), NOW));
    }

    private static NewIntent intent(String eventId) {
        return NewIntent.of("job", eventId, "target-a", "p");
    }

    private static NewIntent explicit(String id, String eventId) {
        return new NewIntent(id, "job", eventId, "target-a", "p", Optional.empty());
    }

    /**
     * A transaction of the store's that has inserted an intent and waits to commit: an insert of the same id
     * waits for it, which keeps a committer busy with one batch while a test hands it the next.
     */
    private final class HeldInsert implements AutoCloseable {
        private final NewIntent intent;
        private final CountDownLatch inserted = new CountDownLatch(1);
        private final CountDownLatch released = new CountDownLatch(1);
        private final Thread thread;

        HeldInsert(String eventId) throws InterruptedException {
            this.intent = intent(eventId);
            this.thread = new Thread(() -> store.inTransaction("hold", (handle, writes) -> {
                writes.enqueueAll(List.of(intent), NOW);
                inserted.countDown();
                try {
                    released.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return null;
            }));
            thread.start();
            inserted.await();
        }

        /** Hands {@code enqueues} the same intent and returns once its insert waits for this transaction. */
        CompletableFuture<List<Enqueued>> blockedBehindIt(GroupCommitter<Enqueues.Request, List<Enqueued>> enqueues)
                throws InterruptedException {
            int waitingBefore = waitingOnLocks();
            CompletableFuture<List<Enqueued>> answer = enqueues.submit(new Enqueues.Request(List.of(intent), NOW));
            Await.until("the committer's insert waits for the held transaction", Duration.ofSeconds(30),
                    () -> waitingOnLocks() > waitingBefore);
            return answer;
        }

        void release() {
            released.countDown();
        }

        void awaitCommitted() throws InterruptedException {
            thread.join();
        }

        @Override
        public void close() throws InterruptedException {
            release();
            awaitCommitted();
        }
    }

    private int waitingOnLocks() {
        return database.read("waiting on locks", handle -> handle.createQuery("""
                SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'
                """).mapTo(Integer.class).one());
    }

    private List<Intent> claimAll(int count) {
        store.enqueueAll(IntStream.range(0, count).mapToObj(i -> NewIntent.of("job", "evt_" + i, "target-a", "p")).toList(), NOW);
        return store.claim(NOW, LEASE, count);
    }

    private static AttemptRecord entry(int attempt) {
        return new AttemptRecord(attempt, NOW, Duration.ofMillis(5), AttemptOutcome.ERROR, attempt == 1 ? "first" : "",
                new AttemptDetail(Optional.empty(), ""));
    }
}
