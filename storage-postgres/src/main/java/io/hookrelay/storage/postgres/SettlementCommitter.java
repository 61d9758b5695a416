package io.hookrelay.storage.postgres;

import io.hookrelay.queue.DaemonThreads;
import io.hookrelay.queue.StoreException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * Group commit for settlements: one thread takes whatever settlements are waiting, up to {@value #MAX_BATCH},
 * writes them in one transaction and answers each caller with its own fence's result once that transaction
 * has committed. A worker's outcome costs a share of a commit rather than a commit of its own, and no
 * caller waits longer than the batch in progress plus its own.
 */
final class SettlementCommitter implements AutoCloseable {
    static final int MAX_BATCH = 256;

    /** Rows are locked in id order, the order the store's other multi-row writes lock them in. */
    private static final Comparator<Waiting> BY_INTENT = Comparator.comparing(waiting -> waiting.request().intentId());

    private final PostgresDatabase database;
    private final ArrayDeque<Waiting> waiting = new ArrayDeque<>();
    private final Thread thread;
    private boolean closed;

    private record Waiting(Settlements.Request request, CompletableFuture<Boolean> answer) {
    }

    SettlementCommitter(PostgresDatabase database) {
        this.database = database;
        this.thread = DaemonThreads.named("hookrelay-postgres-settle-").newThread(this::run);
        thread.start();
    }

    /** Answered with whether the claim's fence held, or failed with what the write threw. */
    CompletableFuture<Boolean> submit(Settlements.Request request) {
        CompletableFuture<Boolean> answer = new CompletableFuture<>();
        synchronized (waiting) {
            if (closed) {
                answer.completeExceptionally(new StoreException("the intent store is closed", null));
                return answer;
            }
            waiting.add(new Waiting(request, answer));
            waiting.notifyAll();
        }
        return answer;
    }

    private void run() {
        List<Waiting> batch = nextBatch();
        while (!batch.isEmpty()) {
            commit(batch);
            batch = nextBatch();
        }
    }

    /**
     * Waits for work and takes up to {@value #MAX_BATCH} settlements of distinct intents; a second one for an
     * intent already in the batch waits for the next, so each row's result belongs to one caller.
     *
     * @return empty once the committer is closed and nothing is left
     */
    private List<Waiting> nextBatch() {
        synchronized (waiting) {
            while (waiting.isEmpty() && !closed) {
                try {
                    waiting.wait();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    closed = true;
                }
            }
            List<Waiting> batch = new ArrayList<>();
            Set<String> intents = new HashSet<>();
            for (Iterator<Waiting> it = waiting.iterator(); it.hasNext() && batch.size() < MAX_BATCH; ) {
                Waiting next = it.next();
                if (intents.add(next.request().intentId())) {
                    batch.add(next);
                    it.remove();
                }
            }
            batch.sort(BY_INTENT);
            return batch;
        }
    }

    private void commit(List<Waiting> batch) {
        List<Waiting> toWrite = new ArrayList<>(batch);
        int conflicts = 0;
        while (!toWrite.isEmpty()) {
            List<Settlements.Request> requests = toWrite.stream().map(Waiting::request).toList();
            try {
                Set<String> settled = database.transaction("settle", handle -> Settlements.writeAll(handle, requests));
                toWrite.forEach(w -> w.answer().complete(settled.contains(w.request().intentId())));
                return;
            } catch (Settlements.AlreadyLogged refused) {
                toWrite.removeIf(w -> answerRefused(w, refused));
            } catch (RuntimeException e) {
                if (!PostgresErrors.isConflict(e) || ++conflicts == PostgresIntentStore.CONFLICT_ATTEMPTS) {
                    toWrite.forEach(w -> w.answer().completeExceptionally(e));
                    return;
                }
            }
        }
    }

    /** Fails a caller whose log entry was refused, as {@code settle} does; the others are written again. */
    private static boolean answerRefused(Waiting waiting, Settlements.AlreadyLogged refused) {
        String intentId = waiting.request().intentId();
        if (!refused.intentIds().contains(intentId)) {
            return false;
        }
        int attempt = waiting.request().logEntry().orElseThrow().attempt();
        waiting.answer().completeExceptionally(new IllegalArgumentException(
                "attempt " + attempt + " of intent " + intentId + " is already logged"));
        return true;
    }

    /** Writes what is already waiting, then stops; later submissions fail as closed. */
    @Override
    public void close() {
        synchronized (waiting) {
            closed = true;
            waiting.notifyAll();
        }
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
