package io.hookrelay.bench;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A ceiling for the queue benchmark's callers: producers that enqueue one intent per call and wait
 * until it is durable, as the queue's and db-scheduler's producers do. {@link PostgresQueueFloor}'s callers write
 * hundreds of rows per statement and wait for nobody; here the statements are that floor's, the cheapest the
 * queue's promises allow, but every enqueue waits for a commit. One committer takes every enqueue waiting, writes
 * them in one statement and commits, so producers share flushes; one claimer takes up to {@value #CLAIM_ROWS} due
 * rows at a time, its claims committed without waiting for the flush, and completes them durably. No hookrelay
 * code runs, no lease is renewed, nothing is retried.
 */
final class ClosedLoopFloor {
    private static final int CLAIM_ROWS = 500;

    private ClosedLoopFloor() {
    }

    private record Waiting(String eventId, CompletableFuture<Void> stored) {
    }

    /** Intents per second from the first enqueue to the last completion. */
    static double measure(PostgresBenchDatabase database, int intents, int producers) throws Exception {
        for (String table : PostgresQueueFloor.TABLES) {
            database.execute(table);
        }
        LinkedBlockingQueue<Waiting> waiting = new LinkedBlockingQueue<>();
        Object enqueued = new Object();
        CompletableFuture<Void> completed = new CompletableFuture<>();
        try (Connection committing = database.connect(); Connection claiming = database.connect()) {
            Thread committer = new Thread(() -> commitAll(committing, waiting, enqueued), "floor-committer");
            Thread claimer = new Thread(() -> completeAll(claiming, intents, enqueued, completed), "floor-claimer");
            committer.start();
            claimer.start();
            try {
                long started = System.nanoTime();
                Concurrently.shareOut(intents, producers, i -> {
                    Waiting one = new Waiting("event-" + i, new CompletableFuture<>());
                    waiting.put(one);
                    one.stored().get(5, TimeUnit.MINUTES);
                });
                completed.get(5, TimeUnit.MINUTES);
                return intents / SqliteLimit.seconds(System.nanoTime() - started);
            } finally {
                committer.interrupt();
                claimer.interrupt();
                committer.join();
                claimer.join();
            }
        }
    }

    private static void commitAll(Connection connection, LinkedBlockingQueue<Waiting> waiting, Object enqueued) {
        List<Waiting> batch = new ArrayList<>();
        try (PreparedStatement enqueue = connection.prepareStatement(PostgresQueueFloor.ENQUEUE)) {
            connection.setAutoCommit(false);
            while (true) {
                batch.add(waiting.take());
                waiting.drainTo(batch);
                PostgresQueueFloor.enqueue(connection, enqueue, batch.stream().map(Waiting::eventId).toArray(String[]::new),
                        System.currentTimeMillis());
                connection.commit();
                synchronized (enqueued) {
                    enqueued.notifyAll();
                }
                batch.forEach(one -> one.stored().complete(null));
                batch.clear();
            }
        } catch (InterruptedException stopped) {
            Thread.currentThread().interrupt();
        } catch (SQLException | RuntimeException e) {
            batch.forEach(one -> one.stored().completeExceptionally(e));
            waiting.forEach(one -> one.stored().completeExceptionally(e));
        }
    }

    private static void completeAll(Connection connection, int intents, Object enqueued, CompletableFuture<Void> completed) {
        try (Statement settings = connection.createStatement();
             PreparedStatement claim = connection.prepareStatement(PostgresQueueFloor.CLAIM);
             PreparedStatement complete = connection.prepareStatement(PostgresQueueFloor.COMPLETE)) {
            settings.execute("SET synchronous_commit = off");
            int done = 0;
            while (done < intents) {
                long now = System.currentTimeMillis();
                PostgresQueueFloor.Claimed claimed = PostgresQueueFloor.claim(claim, CLAIM_ROWS, now);
                if (claimed.seqs().length == 0) {
                    synchronized (enqueued) {
                        enqueued.wait(1);
                    }
                    continue;
                }
                connection.setAutoCommit(false);
                settings.execute("SET LOCAL synchronous_commit = on");
                PostgresQueueFloor.complete(connection, complete, claimed, now);
                connection.commit();
                connection.setAutoCommit(true);
                done += claimed.seqs().length;
            }
            completed.complete(null);
        } catch (InterruptedException stopped) {
            Thread.currentThread().interrupt();
            completed.completeExceptionally(stopped);
        } catch (SQLException | RuntimeException e) {
            completed.completeExceptionally(e);
        }
    }
}
