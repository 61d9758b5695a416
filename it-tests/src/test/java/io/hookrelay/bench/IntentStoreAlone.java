package io.hookrelay.bench;

import io.hookrelay.queue.AttemptDetail;
import io.hookrelay.queue.AttemptOutcome;
import io.hookrelay.queue.AttemptRecord;
import io.hookrelay.queue.Intent;
import io.hookrelay.queue.IntentStore;
import io.hookrelay.queue.NewIntent;
import io.hookrelay.queue.Settlement;
import io.hookrelay.storage.postgres.PostgresDatabase;
import io.hookrelay.storage.postgres.PostgresIntentStore;
import io.hookrelay.storage.sqlite.SqliteDatabase;
import io.hookrelay.storage.sqlite.SqliteIntentStore;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * The queue's ceiling on this machine: the same three writes per intent as the queue figure (enqueue, claim,
 * completion with its attempt-log row), made by {@link SqliteIntentStore} alone for one caller that hands
 * over {@value #BATCH} intents at a time, so that no producer or worker waits and every transaction is
 * large. The writer thread's CPU per intent ({@link WriterCpu}) bounds the rate: one core divided by it is
 * the most any caller could get.
 */
final class IntentStoreAlone {
    static final int BATCH = 500;
    private static final Duration LEASE = Duration.ofMinutes(5);

    private IntentStoreAlone() {
    }

    static WriterCpu.Rate measure(Path dataDir, int intents) {
        try (SqliteDatabase database = SqliteDatabase.open(dataDir)) {
            SqliteIntentStore store = new SqliteIntentStore(database);
            WriterCpu writer = WriterCpu.start();
            long elapsed = run(store, intents);
            return writer.rate(intents, elapsed);
        }
    }

    /**
     * The same on PostgreSQL from {@code callers} threads at once, each with its share of the intents: intents
     * per second. No one thread writes there, so one caller leaves a core to spare (it and its backend take
     * turns); two keep both busy, which makes it the ceiling of the store's statements on this machine.
     */
    static double measureOnPostgres(PostgresBenchDatabase bench, int intents, int callers) throws Exception {
        try (PostgresDatabase database = PostgresDatabase.open(bench.settings(), Clock.systemUTC());
             PostgresIntentStore store = new PostgresIntentStore(database)) {
            int each = intents / callers;
            long started = System.nanoTime();
            Concurrently.run(callers, caller -> run(store, "caller-" + caller + "-event-", each));
            return each * callers / SqliteLimit.seconds(System.nanoTime() - started);
        }
    }

    private static long run(IntentStore store, int intents) {
        return run(store, "event-", intents);
    }

    /** Returns the nanoseconds the intents took. */
    private static long run(IntentStore store, String eventPrefix, int intents) {
        long started = System.nanoTime();
        for (int first = 0; first < intents; first += BATCH) {
            Instant now = Instant.now();
            List<NewIntent> batch = new ArrayList<>(BATCH);
            for (int i = first; i < Math.min(intents, first + BATCH); i++) {
                batch.add(NewIntent.of("job", eventPrefix + i, "bench", ""));
            }
            store.enqueueAll(batch, now);
            completeAll(store, store.claim(now, LEASE, batch.size()), now);
        }
        return System.nanoTime() - started;
    }

    /** As a worker pool settles: each outcome handed to the writer without waiting, so they share commits. */
    private static void completeAll(IntentStore store, List<Intent> claimed, Instant now) {
        List<CompletableFuture<Boolean>> settled = new ArrayList<>(claimed.size());
        for (Intent intent : claimed) {
            AttemptRecord entry = new AttemptRecord(intent.attempts(), now, Duration.ZERO, AttemptOutcome.SUCCESS, "",
                    AttemptDetail.NONE);
            settled.add(store.settleAsync(intent.requireClaim(), new Settlement.Complete(), Optional.of(entry), now));
        }
        for (CompletableFuture<Boolean> outcome : settled) {
            if (!outcome.join()) {
                throw new IllegalStateException("a completion was fenced off with no one else claiming");
            }
        }
    }
}
