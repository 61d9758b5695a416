package io.hookrelay.bench;

import io.hookrelay.queue.AttemptOutcome;
import io.hookrelay.queue.IntentQueue;
import io.hookrelay.queue.IntentStore;
import io.hookrelay.queue.NewIntent;
import io.hookrelay.queue.QueueMetrics;
import io.hookrelay.queue.Verdict;
import io.hookrelay.queue.pool.PoolSettings;
import io.hookrelay.queue.pool.WorkerPool;
import io.hookrelay.storage.postgres.PostgresDatabase;
import io.hookrelay.storage.postgres.PostgresIntentStore;
import io.hookrelay.storage.sqlite.SqliteDatabase;
import io.hookrelay.storage.sqlite.SqliteIntentStore;
import io.hookrelay.storage.sqlite.connection.WriteStats;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * No-op intents through the whole queue, on SQLite or PostgreSQL: concurrent producers enqueue one intent per call, a
 * {@link WorkerPool} claims, runs a handler that does nothing, and completes. The figure is intents per
 * second from the first enqueue to the last completion, so it counts every durable write an intent costs.
 */
final class QueueThroughput {
    private static final String KIND = "job";

    private QueueThroughput() {
    }

    /**
     * @param writeStats the writer's commits during the run: tasks per transaction is the group-commit batch
     */
    record Result(int intents, double intentsPerSecond, WriteStats writeStats) {
        double meanBatch() {
            return writeStats.transactions() == 0 ? 0 : (double) writeStats.tasks() / writeStats.transactions();
        }
    }

    static Result measure(Path dataDir, int intents, int producers, int workers, Duration timeout) throws Exception {
        try (SqliteDatabase database = SqliteDatabase.open(dataDir)) {
            double perSecond = intentsPerSecond(new SqliteIntentStore(database), intents, producers, workers, timeout);
            return new Result(intents, perSecond, database.writeStats());
        }
    }

    /**
     * The same on PostgreSQL, the store's pool as large as the producers and workers it serves.
     *
     * @return intents per second, and the transactions the store committed per intent
     */
    static PostgresResult measureOnPostgres(PostgresBenchDatabase bench, int intents, int producers, int workers, Duration timeout)
            throws Exception {
        try (PostgresDatabase database = PostgresDatabase.open(bench.settings(producers + workers + 2), Clock.systemUTC());
             PostgresIntentStore store = new PostgresIntentStore(database)) {
            double perSecond = intentsPerSecond(store, intents, producers, workers, timeout);
            return new PostgresResult(perSecond, (double) database.transactions() / intents);
        }
    }

    record PostgresResult(double intentsPerSecond, double transactionsPerIntent) {
    }

    private static double intentsPerSecond(IntentStore store, int intents, int producers, int workers, Duration timeout)
            throws Exception {
        CountDownLatch completed = new CountDownLatch(intents);
        QueueMetrics countCompletions = new QueueMetrics() {
            @Override
            public void attemptFinished(String kindLabel, AttemptOutcome outcome, Duration duration) {
                if (outcome == AttemptOutcome.SUCCESS) {
                    completed.countDown();
                }
            }

            @Override
            public void storeRetried(String operation) {
            }
        };
        IntentQueue queue = new IntentQueue(store, Clock.systemUTC());
        try (WorkerPool pool = WorkerPool.builder(queue)
                .handler(KIND, (intent, signal) -> Verdict.completed())
                .settings(PoolSettings.withWorkers(workers))
                .metrics(countCompletions)
                .build()) {
            pool.start();
            long started = System.nanoTime();
            Concurrently.shareOut(intents, producers, i -> queue.enqueue(NewIntent.of(KIND, "event-" + i, "bench", "")));
            boolean finished = completed.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
            long elapsed = System.nanoTime() - started;
            if (!finished) {
                throw new IllegalStateException("only " + (intents - completed.getCount()) + " of " + intents
                        + " intents completed within " + timeout);
            }
            return intents / SqliteLimit.seconds(elapsed);
        }
    }
}
