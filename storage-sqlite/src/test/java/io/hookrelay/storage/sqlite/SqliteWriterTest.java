package io.hookrelay.storage.sqlite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hookrelay.queue.Enqueued;
import io.hookrelay.queue.NewIntent;
import io.hookrelay.queue.testing.Await;
import io.hookrelay.storage.sqlite.connection.WriteStats;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sqlite.SQLiteErrorCode;
import org.sqlite.SQLiteException;

class SqliteWriterTest {
    private static final Instant NOW = Instant.parse("2025-03-01T12:00:00Z");
    /** A liveness bound for what other threads bring about, not a speed target. */
    private static final Duration WAIT = Duration.ofSeconds(30);

    @TempDir
    Path dataDir;

    private SqliteDatabase database;
    private SqliteIntentStore store;
    private ExecutorService threads;

    @BeforeEach
    void open() {
        database = SqliteDatabase.open(dataDir);
        store = new SqliteIntentStore(database);
        threads = Executors.newCachedThreadPool();
    }

    @AfterEach
    void close() throws InterruptedException {
        threads.shutdownNow();
        threads.awaitTermination(30, TimeUnit.SECONDS);
        database.close();
    }

    @Test
    void concurrentCallsShareCommitsAndEachReturnsOnlyOnceItsRowIsCommitted() throws Exception {
        int callers = 32;
        int callsEach = 25;
        WriteStats before = database.writeStats();
        CountDownLatch start = new CountDownLatch(1);
        List<Future<List<String>>> results = new ArrayList<>();
        for (int caller = 0; caller < callers; caller++) {
            int me = caller;
            results.add(threads.submit(() -> enqueueAndCheckVisibleElsewhere(me, callsEach, start)));
        }
        start.countDown();

        for (Future<List<String>> result : results) {
            assertThat(result.get(60, TimeUnit.SECONDS)).as("ids not visible right after their call returned")
                    .isEmpty();
        }
        WriteStats after = database.writeStats();
        long tasks = after.tasks() - before.tasks();
        long transactions = after.transactions() - before.transactions();
        assertThat(tasks).isEqualTo((long) callers * callsEach);
        assertThat(transactions).as("transactions for %d calls", tasks).isLessThan(tasks);
    }

    /** @return the ids that a separate connection could not read right after their enqueue returned */
    private List<String> enqueueAndCheckVisibleElsewhere(int caller, int calls, CountDownLatch start)
            throws SQLException, InterruptedException {
        List<String> missing = new ArrayList<>();
        try (Connection elsewhere = PlainConnections.open(database.databaseFile())) {
            start.await();
            for (int call = 0; call < calls; call++) {
                Enqueued enqueued = store.enqueue(
                        NewIntent.of("group-commit", "event-" + caller + "-" + call, "target", "{}"), NOW);
                long found = PlainConnections.count(elsewhere, "SELECT count(*) FROM intents WHERE id = ?",
                        enqueued.id());
                if (enqueued.duplicate() || found != 1) {
                    missing.add(enqueued.id());
                }
            }
        }
        return missing;
    }

    @Test
    void aFailingCallInABatchFailsAloneAndTheOthersAreCommitted() throws Exception {
        store.enqueue(new NewIntent("taken-id", "batch", "first", "target", "{}", Optional.empty()), NOW);
        CountDownLatch releaseWriter = new CountDownLatch(1);
        Future<Object> holder = holdWriter(releaseWriter);
        WriteStats before = database.writeStats();

        List<Future<Enqueued>> good = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            NewIntent intent = NewIntent.of("batch", "good-" + i, "target", "{}");
            good.add(threads.submit(() -> store.enqueue(intent, NOW)));
        }
        NewIntent reusesAnId = new NewIntent("taken-id", "batch", "other", "target", "{}", Optional.empty());
        Future<Enqueued> bad = threads.submit(() -> store.enqueue(reusesAnId, NOW));
        Await.until("all four calls wait for the writer", WAIT, () -> database.writer().queued() == 4);
        releaseWriter.countDown();
        holder.get(30, TimeUnit.SECONDS);

        for (Future<Enqueued> call : good) {
            Enqueued enqueued = call.get(30, TimeUnit.SECONDS);
            assertThat(enqueued.duplicate()).isFalse();
            assertThat(store.find(enqueued.id())).isPresent();
        }
        assertThatThrownBy(() -> bad.get(30, TimeUnit.SECONDS))
                .isInstanceOf(ExecutionException.class)
                .cause().isInstanceOf(IllegalArgumentException.class).hasMessageContaining("taken-id");
        WriteStats after = database.writeStats();
        // The holder's own transaction, then the three good calls alone after the shared batch failed.
        assertThat(after.transactions() - before.transactions()).isEqualTo(4);
        assertThat(after.tasks() - before.tasks()).isEqualTo(4);
    }

    @Test
    void theWriterTakesTheWriteLockWhenItsTransactionBegins() throws Exception {
        CountDownLatch releaseWriter = new CountDownLatch(1);
        Future<Object> holder = holdWriter(releaseWriter);
        try (Connection other = PlainConnections.open(database.databaseFile())) {
            PlainConnections.execute(other, "PRAGMA busy_timeout = 0");
            // Nothing has been written yet: only BEGIN IMMEDIATE explains the lock being held.
            assertThatThrownBy(() -> PlainConnections.execute(other, "BEGIN IMMEDIATE"))
                    .isInstanceOfSatisfying(SQLiteException.class,
                            busy -> assertThat(busy.getResultCode()).isEqualTo(SQLiteErrorCode.SQLITE_BUSY));
        } finally {
            releaseWriter.countDown();
        }
        holder.get(30, TimeUnit.SECONDS);
    }

    @Test
    void betweenBatchesTheWriterHoldsNoLock() throws SQLException {
        store.enqueue(NewIntent.of("between", "event", "target", "{}"), NOW);
        try (Connection other = PlainConnections.open(database.databaseFile())) {
            PlainConnections.execute(other, "PRAGMA busy_timeout = 0");
            PlainConnections.execute(other, "BEGIN IMMEDIATE");
            PlainConnections.execute(other, "ROLLBACK");
        }
    }

    /** Occupies the writer with a call of its own until {@code release} opens, so later calls queue behind it. */
    private Future<Object> holdWriter(CountDownLatch release) throws InterruptedException {
        CountDownLatch held = new CountDownLatch(1);
        Future<Object> holder = threads.submit(() -> database.write("hold the writer", handle -> {
            held.countDown();
            awaitUninterruptibly(release);
            return null;
        }));
        held.await();
        return holder;
    }

    private static void awaitUninterruptibly(CountDownLatch latch) {
        boolean interrupted = false;
        while (true) {
            try {
                latch.await();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
