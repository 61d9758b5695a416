package io.hookrelay.bench;

import io.hookrelay.queue.IntentStore;
import io.hookrelay.queue.NewIntent;
import io.hookrelay.storage.postgres.PostgresDatabase;
import io.hookrelay.storage.postgres.PostgresIntentStore;
import io.hookrelay.storage.sqlite.SqliteDatabase;
import io.hookrelay.storage.sqlite.SqliteIntentStore;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Claim cost as the backlog grows: a store filled with {@code pending} due intents is claimed from, batch
 * by batch, as the worker pool's dispatcher does. A claim that walked or sorted the backlog would slow down
 * in proportion to it; one that reads the due index from its start costs the same at any size.
 *
 * <p>The backlog is enqueued as it would build up, a batch at a time, each batch stamped with the time it was
 * added. Claims take work by due time, then creation time, then id; ids are hashes, so a backlog whose
 * million intents all carried one timestamp would be claimed in random order, and each claimed row would be
 * on a table page of its own. That is a backlog no relay builds, and an earlier version of this benchmark
 * measured it.
 */
final class Backlog {
    private static final int FILL_BATCH = 1_000;
    private static final String KIND = "delivery";
    private static final Duration LEASE = Duration.ofMinutes(5);

    private static final int TARGETS = 16;

    record Result(int pending, int claimed, int batch, double claimsPerSecond) {
    }

    /**
     * Claims from a few due intents with the whole backlog paused ahead of them, what the pause cost, and the
     * longest that one enqueue, made again and again while pausing, waited for its commit.
     */
    record BehindPaused(int held, Duration pausing, Duration longestWriteWhilePausing, double claimsPerSecond) {
    }

    /** What this JVM holds once the largest backlog has been filled and claimed from. */
    record Memory(long heapUsedAfterGcBytes, long residentBytes) {
    }

    private Backlog() {
    }

    static Result measure(Path dataDir, int pending, int claimed, int batch) {
        try (SqliteDatabase database = SqliteDatabase.open(dataDir)) {
            SqliteIntentStore store = new SqliteIntentStore(database);
            fill(store, pending);
            return new Result(pending, claimed, batch, claimsPerSecond(store, claimed, batch));
        }
    }

    /**
     * The same on PostgreSQL. The table's statistics are brought up to date once it is filled, as autovacuum
     * does on its own soon after; the claim is planned from them.
     */
    static Result measureOnPostgres(PostgresBenchDatabase bench, int pending, int claimed, int batch) throws SQLException {
        try (PostgresDatabase database = PostgresDatabase.open(bench.settings(), Clock.systemUTC());
             PostgresIntentStore store = new PostgresIntentStore(database)) {
            fill(store, pending);
            bench.execute("VACUUM ANALYZE");
            return new Result(pending, claimed, batch, claimsPerSecond(store, claimed, batch));
        }
    }

    private static void fill(IntentStore store, int pending) {
        for (int first = 0; first < pending; first += FILL_BATCH) {
            List<NewIntent> intents = new ArrayList<>(FILL_BATCH);
            for (int i = first; i < Math.min(pending, first + FILL_BATCH); i++) {
                intents.add(NewIntent.of(KIND, "evt_" + i, "target-" + (i % TARGETS), "dlv_" + i));
            }
            store.enqueueAll(intents, Instant.now());
        }
    }

    /**
     * On a store {@link #measure} filled: pauses every target of its backlog, adds {@code claimed} due intents
     * of another target, and claims them. The claim must not read the paused backlog to find them.
     */
    static BehindPaused measureBehindPaused(Path dataDir, int claimed, int batch) {
        try (SqliteDatabase database = SqliteDatabase.open(dataDir)) {
            SqliteIntentStore store = new SqliteIntentStore(database);
            AtomicBoolean paused = new AtomicBoolean();
            CompletableFuture<Duration> longestWrite = CompletableFuture.supplyAsync(() -> longestEnqueueUntil(store, paused));
            long pausing = System.nanoTime();
            try {
                for (int target = 0; target < TARGETS; target++) {
                    store.pause(KIND, "target-" + target);
                }
            } finally {
                paused.set(true);
            }
            Duration pause = Duration.ofNanos(System.nanoTime() - pausing);
            Duration longest = longestWrite.join();
            long held = store.countPendingByKind().getOrDefault(KIND, 0L);
            List<NewIntent> live = new ArrayList<>();
            for (int i = 0; i < claimed; i++) {
                live.add(NewIntent.of(KIND, "live_" + i, "live", "dlv_live_" + i));
            }
            store.enqueueAll(live, Instant.now());
            return new BehindPaused((int) held, pause, longest, claimsPerSecond(store, claimed, batch));
        }
    }

    /**
     * Enqueues one intent at a time until {@code done}, as ingest goes on while an operator pauses a target.
     * The longest wait is how long the pause kept every other write out. The intents are of a kind of their
     * own and due in a day, so neither the count of paused intents nor a claim sees them.
     */
    private static Duration longestEnqueueUntil(SqliteIntentStore store, AtomicBoolean done) {
        long longest = 0;
        for (int i = 0; !done.get(); i++) {
            long started = System.nanoTime();
            store.enqueue(NewIntent.of("probe", "probe_" + i, "probe", "").dueAt(Instant.now().plus(Duration.ofDays(1))),
                    Instant.now());
            longest = Math.max(longest, System.nanoTime() - started);
        }
        return Duration.ofNanos(longest);
    }

    private static double claimsPerSecond(IntentStore store, int claims, int batch) {
        long started = System.nanoTime();
        int taken = 0;
        while (taken < claims) {
            int got = store.claim(Instant.now(), LEASE, Math.min(batch, claims - taken)).size();
            if (got == 0) {
                throw new IllegalStateException("the due intents ran out after " + taken + " claims");
            }
            taken += got;
        }
        return taken / SqliteLimit.seconds(System.nanoTime() - started);
    }

    static Memory memory() throws IOException {
        System.gc();
        long heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
        return new Memory(heap, residentBytes());
    }

    /** {@code VmRSS} of this process, from Linux's {@code /proc}. */
    private static long residentBytes() throws IOException {
        return Files.readAllLines(Path.of("/proc/self/status")).stream()
                .filter(line -> line.startsWith("VmRSS:"))
                .map(line -> Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024)
                .findFirst()
                .orElseThrow(() -> new IOException("no VmRSS in /proc/self/status"));
    }
}
