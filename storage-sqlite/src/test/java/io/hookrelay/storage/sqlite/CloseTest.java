package io.hookrelay.storage.sqlite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hookrelay.queue.ClaimRef;
import io.hookrelay.queue.Enqueued;
import io.hookrelay.queue.NewIntent;
import io.hookrelay.queue.StoreException;
import io.hookrelay.queue.TransientStoreException;
import io.hookrelay.queue.testing.Await;
import java.nio.file.Path;
import java.sql.Connection;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A closed database fails every call for good (not transiently), and never leaves a caller hanging. */
class CloseTest {
    private static final Instant NOW = Instant.parse("2025-06-01T00:00:00Z");
    /** A liveness bound for what other threads bring about, not a speed target. */
    private static final Duration WAIT = Duration.ofSeconds(30);

    @TempDir
    Path dataDir;

    private final ExecutorService threads = Executors.newCachedThreadPool();

    @AfterEach
    void stopThreads() throws InterruptedException {
        threads.shutdownNow();
        threads.awaitTermination(30, TimeUnit.SECONDS);
    }

    @Test
    void everyCallAfterCloseFailsForGood() {
        SqliteDatabase database = SqliteDatabase.open(dataDir);
        SqliteIntentStore store = new SqliteIntentStore(database);
        Enqueued enqueued = store.enqueue(NewIntent.of("close", "event", "target", "{}"), NOW);
        database.close();

        assertFailsForGood(() -> store.enqueue(NewIntent.of("close", "later", "target", "{}"), NOW));
        assertFailsForGood(() -> store.claim(NOW, Duration.ofSeconds(30), 1));
        assertFailsForGood(() -> store.complete(new ClaimRef(enqueued.id(), "token"), NOW));
        assertFailsForGood(() -> store.find(enqueued.id()));
        assertFailsForGood(store::countPendingByKind);
        assertFailsForGood(() -> store.isPaused("close", "target"));
        assertThat(database.isWritable()).isFalse();
    }

    @Test
    void aWriteInFlightWhenCloseBeginsFailsForGoodAndWritesNothing() throws Exception {
        SqliteDatabase database = SqliteDatabase.open(dataDir);
        SqliteIntentStore store = new SqliteIntentStore(database);
        Future<Enqueued> inFlight;
        Future<?> closing;
        try (Connection other = PlainConnections.open(database.databaseFile())) {
            // Another process holds the write lock, so the writer is inside its BEGIN IMMEDIATE, waiting.
            PlainConnections.execute(other, "BEGIN IMMEDIATE");
            long started = database.writer().startedTasks();
            inFlight = threads.submit(() -> store.enqueue(NewIntent.of("close", "in-flight", "target", "{}"), NOW));
            Await.until("the writer has taken the call", WAIT, () -> database.writer().startedTasks() > started);

            closing = threads.submit(database::close);
            Await.until("closing has begun", WAIT, () -> database.writer().isClosed());
            PlainConnections.execute(other, "ROLLBACK");
        }

        assertThatThrownBy(() -> inFlight.get(30, TimeUnit.SECONDS))
                .isInstanceOf(ExecutionException.class)
                .cause().isInstanceOf(StoreException.class).isNotInstanceOf(TransientStoreException.class);
        closing.get(30, TimeUnit.SECONDS);
        try (Connection check = PlainConnections.open(database.databaseFile())) {
            assertThat(PlainConnections.count(check, "SELECT count(*) FROM intents")).isZero();
        }
    }

    private static void assertFailsForGood(ThrowingCallable call) {
        assertThatThrownBy(call).isInstanceOf(StoreException.class).isNotInstanceOf(TransientStoreException.class);
    }
}
