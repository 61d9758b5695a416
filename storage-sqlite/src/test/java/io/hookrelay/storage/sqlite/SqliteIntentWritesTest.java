package io.hookrelay.storage.sqlite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hookrelay.queue.ClaimRef;
import io.hookrelay.queue.Intent;
import io.hookrelay.queue.NewIntent;
import io.hookrelay.queue.QueueListener;
import io.hookrelay.queue.testing.Await;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
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

/**
 * What only SQLite's writer can do to another store's intent writes: roll a batch back and run each of its works
 * again alone. Listeners hear of the run that committed, once, and never of one that was rolled back.
 */
class SqliteIntentWritesTest {
    private static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");
    private static final Duration LEASE = Duration.ofSeconds(30);
    /** A liveness bound for what other threads bring about, not a speed target. */
    private static final Duration WAIT = Duration.ofSeconds(30);

    @TempDir
    Path dataDir;

    private SqliteDatabase database;
    private SqliteIntentStore store;
    private ExecutorService threads;
    private final List<String> told = new CopyOnWriteArrayList<>();

    @BeforeEach
    void open() {
        database = SqliteDatabase.open(dataDir);
        store = new SqliteIntentStore(database);
        threads = Executors.newCachedThreadPool();
        store.addListener(new QueueListener() {
            @Override
            public void workAvailable() {
                told.add("work available");
            }

            @Override
            public void claimRevoked(ClaimRef revoked) {
                told.add("revoked " + revoked.intentId());
            }

            @Override
            public void paused(String kind, String target) {
                told.add("paused " + kind + "/" + target);
            }
        });
    }

    @AfterEach
    void close() throws InterruptedException {
        threads.shutdownNow();
        threads.awaitTermination(30, TimeUnit.SECONDS);
        database.close();
    }

    @Test
    void worksOfABatchThatWasRolledBackTellOnlyOfTheRunThatCommitted() throws Exception {
        store.enqueue(NewIntent.of("job", "evt_running", "target-a", "p"), NOW);
        Intent running = store.claim(NOW, LEASE, 1).get(0);
        CountDownLatch releaseWriter = new CountDownLatch(1);
        Future<Object> holder = holdWriter(releaseWriter);

        Future<Integer> retire = threads.submit(() -> new SqliteIntentStore(database).write("retire",
                (handle, writes) -> writes.retire("job", "target-a", NOW)));
        Future<Integer> enqueue = threads.submit(() -> new SqliteIntentStore(database).write("enqueue",
                (handle, writes) -> writes.enqueueAll(List.of(NewIntent.of("job", "evt_new", "target-b", "p")), NOW).size()));
        NewIntent rolledBack = NewIntent.of("job", "evt_rolled_back", "target-c", "p");
        Future<Object> failing = threads.submit(() -> new SqliteIntentStore(database).write("fail", (handle, writes) -> {
            writes.enqueueAll(List.of(rolledBack), NOW);
            throw new IllegalStateException("the other store's own statement failed");
        }));
        Await.until("the three works wait for the writer", WAIT, () -> database.writer().queued() == 3);
        releaseWriter.countDown();
        holder.get(30, TimeUnit.SECONDS);

        assertThat(retire.get(30, TimeUnit.SECONDS)).isEqualTo(1);
        assertThat(enqueue.get(30, TimeUnit.SECONDS)).isEqualTo(1);
        assertThatThrownBy(() -> failing.get(30, TimeUnit.SECONDS)).isInstanceOf(ExecutionException.class)
                .cause().isInstanceOf(IllegalStateException.class);
        assertThat(store.find(rolledBack.id())).isEmpty();
        assertThat(told).containsExactlyInAnyOrder("revoked " + running.id(), "work available");
    }

    @Test
    void aHoldWalkOfAPairNoLongerPausedHoldsNothing() {
        NewIntent intent = NewIntent.of("job", "evt_1", "target-a", "p");
        store.enqueue(intent, NOW);

        int held = database.write("hold after a retire", handle ->
                handle.attach(PauseDao.class).setHeld("job", "target-a", true, 0, SqliteIntentStore.HOLD_CHUNK));

        assertThat(held).isZero();
        assertThat(store.claim(NOW, LEASE, 1)).extracting(Intent::id).containsExactly(intent.id());
    }

    /** Occupies the writer until {@code release} opens, so later works queue behind it and share one batch. */
    private Future<Object> holdWriter(CountDownLatch release) throws InterruptedException {
        CountDownLatch held = new CountDownLatch(1);
        Future<Object> holder = threads.submit(() -> database.write("hold the writer", handle -> {
            held.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                throw new IllegalStateException("interrupted while holding the writer", e);
            }
            return null;
        }));
        held.await();
        return holder;
    }
}
