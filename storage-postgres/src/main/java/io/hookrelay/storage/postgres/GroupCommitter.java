package io.hookrelay.storage.postgres;

import io.hookrelay.queue.DaemonThreads;
import io.hookrelay.queue.StoreException;
import io.hookrelay.queue.TransientStoreException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import org.jdbi.v3.core.Handle;

/**
 * Group commit: one thread takes whatever requests are waiting, up to {@value #MAX_BATCH}, writes them in one
 * transaction and answers each caller with its own result once that transaction has committed. A caller's
 * write costs a share of a commit rather than a commit of its own, and no caller waits longer than the batch
 * in progress, a gathering wait and its own. A batch lost with the database fails the requests waiting behind it too. What a batch is and how it is written is its {@link BatchWrite}'s.
 *
 * <p>After a batch of {@code n} requests the next one waits, until its gathering bound has passed since that
 * batch was answered, for {@code n} to be waiting: the callers a batch answers often hand over their next
 * request within microseconds (a producer in a loop, a worker that took its next intent), and a batch taken at
 * the first of them would leave the others to a transaction of their own. A request after a lull is taken at
 * once.
 *
 * @param <R> what a caller hands over
 * @param <A> what each caller is answered
 */
final class GroupCommitter<R, A> implements AutoCloseable {
    static final int MAX_BATCH = 256;

    /**
     * How long after a batch was answered the next one waits for as many requests as it had; a caller waits at
     * most about this (the monitor waits in whole milliseconds).
     */
    static final Duration GATHER = Duration.ofMillis(1);

    /** How one kind of request is written, a batch at a time. */
    interface BatchWrite<R, A> {
        /**
         * Writes {@code batch} inside {@code handle}'s transaction.
         *
         * @return one answer per request, in the batch's order
         * @throws Refused when some requests must fail alone: the transaction rolls back and the others are
         *                 written again without them
         */
        List<A> write(Handle handle, List<R> batch);

        /**
         * Requests with equal keys never share a batch, a later one waiting for the next; empty for a request
         * that may share a batch with any other.
         */
        default Optional<Object> exclusiveKey(R request) {
            return Optional.empty();
        }

        /** Told once per committed batch, after its callers were answered; must not throw. */
        default void committed(List<R> batch, List<A> answers) {
        }
    }

    /** Requests a {@link BatchWrite} refused, by their place in the batch, each with what its caller is told. */
    static final class Refused extends RuntimeException {
        private final Map<Integer, RuntimeException> failures;

        Refused(Map<Integer, RuntimeException> failures) {
            super("requests refused at " + failures.keySet(), null, false, false);
            if (failures.isEmpty()) {
                throw new IllegalArgumentException("a refusal names at least one request");
            }
            this.failures = Map.copyOf(failures);
        }
    }

    private record Waiting<R, A>(R request, CompletableFuture<A> answer) {
    }

    private final PostgresDatabase database;
    private final String operation;
    private final BatchWrite<R, A> write;
    private final Duration gather;
    private final ArrayDeque<Waiting<R, A>> waiting = new ArrayDeque<>();
    private final Thread thread;
    private boolean closed;
    private int lastBatchSize;
    private long lastBatchAnswered;

    /** Starts the committing thread, named after {@code operation}, which also names the transactions. */
    GroupCommitter(PostgresDatabase database, String operation, BatchWrite<R, A> write) {
        this(database, operation, write, GATHER);
    }

    /** @param gather how long a batch waits for as many requests as the last one had */
    GroupCommitter(PostgresDatabase database, String operation, BatchWrite<R, A> write, Duration gather) {
        this.database = Objects.requireNonNull(database, "database");
        this.operation = Objects.requireNonNull(operation, "operation");
        this.write = Objects.requireNonNull(write, "write");
        this.gather = Objects.requireNonNull(gather, "gather");
        this.thread = DaemonThreads.named("hookrelay-postgres-" + operation + "-").newThread(this::run);
        thread.start();
    }

    /** Answered once the request's batch has committed, or failed with what writing it threw. */
    CompletableFuture<A> submit(R request) {
        CompletableFuture<A> answer = new CompletableFuture<>();
        synchronized (waiting) {
            if (closed) {
                answer.completeExceptionally(new StoreException("the intent store is closed", null));
                return answer;
            }
            waiting.add(new Waiting<>(request, answer));
            waiting.notifyAll();
        }
        return answer;
    }

    /** {@link #submit}, waiting for the answer; a failure is rethrown as the write threw it. */
    A call(R request) {
        try {
            return submit(request).join();
        } catch (CompletionException e) {
            throw e.getCause() instanceof RuntimeException cause ? cause : e;
        }
    }

    /**
     * Should the thread die of something no write expects (an {@link Error}), its batch and everything waiting
     * fail with it and later submissions fail as closed: no caller waits forever for a thread that is gone.
     */
    private void run() {
        try {
            List<Waiting<R, A>> batch = nextBatch();
            while (!batch.isEmpty()) {
                commitOrFail(batch);
                lastBatchAnswered = System.nanoTime();
                batch = nextBatch();
            }
        } catch (Throwable death) {
            List<Waiting<R, A>> left;
            synchronized (waiting) {
                closed = true;
                left = new ArrayList<>(waiting);
                waiting.clear();
            }
            left.forEach(w -> w.answer().completeExceptionally(death));
            throw death;
        }
    }

    private void commitOrFail(List<Waiting<R, A>> batch) {
        try {
            commit(batch);
        } catch (Throwable death) {
            batch.forEach(w -> w.answer().completeExceptionally(death));
            throw death;
        }
    }

    /**
     * Waits for work, then for as many requests as the last batch had or the end of its gathering bound, and
     * takes up to {@value #MAX_BATCH} requests in the order they came, leaving for the next batch any whose
     * exclusive key one already taken has.
     *
     * @return empty once the committer is closed and nothing is left
     */
    private List<Waiting<R, A>> nextBatch() {
        synchronized (waiting) {
            while (waiting.isEmpty() && !closed) {
                awaitSubmission(0);
            }
            long gatheredBy = lastBatchAnswered + gather.toNanos();
            for (long left = gatheredBy - System.nanoTime(); waiting.size() < lastBatchSize && !closed && left > 0;
                    left = gatheredBy - System.nanoTime()) {
                awaitSubmission(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
            }
            List<Waiting<R, A>> batch = new ArrayList<>();
            Set<Object> keys = new HashSet<>();
            for (Iterator<Waiting<R, A>> it = waiting.iterator(); it.hasNext() && batch.size() < MAX_BATCH; ) {
                Waiting<R, A> next = it.next();
                if (write.exclusiveKey(next.request()).map(keys::add).orElse(true)) {
                    batch.add(next);
                    it.remove();
                }
            }
            lastBatchSize = batch.size();
            return batch;
        }
    }

    /** Waits on {@link #waiting}'s monitor for a submission or a close, at most {@code millis} (0: no bound). */
    private void awaitSubmission(long millis) {
        try {
            waiting.wait(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            closed = true;
        }
    }

    /**
     * Writes the batch, again without the requests its write refused, and again after a serialization
     * conflict or deadlock, up to {@link PostgresIntentStore#CONFLICT_ATTEMPTS} of those.
     */
    private void commit(List<Waiting<R, A>> batch) {
        List<Waiting<R, A>> toWrite = new ArrayList<>(batch);
        int conflicts = 0;
        while (!toWrite.isEmpty()) {
            List<R> requests = toWrite.stream().map(Waiting::request).toList();
            try {
                List<A> answers = database.transaction(operation, handle -> {
                    List<A> written = write.write(handle, requests);
                    if (written.size() != requests.size()) {
                        throw new IllegalStateException(written.size() + " answers for " + requests.size() + " requests");
                    }
                    return written;
                });
                for (int i = 0; i < answers.size(); i++) {
                    toWrite.get(i).answer().complete(answers.get(i));
                }
                write.committed(requests, answers);
                return;
            } catch (Refused refused) {
                List<Waiting<R, A>> rest = new ArrayList<>();
                for (int i = 0; i < toWrite.size(); i++) {
                    RuntimeException failure = refused.failures.get(i);
                    if (failure == null) {
                        rest.add(toWrite.get(i));
                    } else {
                        toWrite.get(i).answer().completeExceptionally(failure);
                    }
                }
                toWrite = rest;
            } catch (RuntimeException e) {
                if (!PostgresErrors.isConflict(e) || ++conflicts == PostgresIntentStore.CONFLICT_ATTEMPTS) {
                    toWrite.forEach(w -> w.answer().completeExceptionally(e));
                    if (e instanceof TransientStoreException) {
                        failWaiting(e);
                    }
                    return;
                }
            }
        }
    }

    /**
     * Fails every request that came while a batch was lost with the database: one written next would take another
     * connection and could wait out a whole socket timeout of its own behind the first, so a caller would wait for
     * both. Told at once, it can be answered {@code 503} within one.
     */
    private void failWaiting(RuntimeException lost) {
        List<Waiting<R, A>> came;
        synchronized (waiting) {
            came = new ArrayList<>(waiting);
            waiting.clear();
        }
        came.forEach(w -> w.answer().completeExceptionally(lost));
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
