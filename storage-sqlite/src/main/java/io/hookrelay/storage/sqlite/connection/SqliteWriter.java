package io.hookrelay.storage.sqlite.connection;

import io.hookrelay.queue.StoreException;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.function.Supplier;
import org.jdbi.v3.core.Handle;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.sqlite.SQLiteConnection;

/**
 * The only place the database is written: one connection, used by one thread, with group commit.
 *
 * <p>Callers hand in a piece of work and are answered once it is committed. The thread takes whatever work is
 * waiting (up to {@link #MAX_BATCH}) and runs it all inside one {@code BEGIN IMMEDIATE … COMMIT}, so
 * concurrent callers share one commit and one fsync, and answers each caller only after that
 * {@code COMMIT} returned. One writer also means SQLite's write lock is never contended inside this
 * process; the busy timeout only ever waits for other processes.
 *
 * <p>If a piece of work fails, the batch is rolled back and each piece is run again alone in its own
 * transaction, so only the failing one gets the error. If {@code BEGIN} or {@code COMMIT} fails, no piece
 * is at fault and all of them get that error. Work must therefore be repeatable and have no effect
 * outside the database. If a {@code ROLLBACK} itself fails, the connection is replaced: a connection
 * whose transaction state is unknown turns each later {@code BEGIN} into
 * {@code cannot start a transaction within a transaction}.
 */
public final class SqliteWriter implements AutoCloseable {
    static final int MAX_BATCH = 256;

    private static final Logger log = LoggerFactory.getLogger(SqliteWriter.class);
    private static final Duration STOP_WAIT = SqliteConnections.BUSY_TIMEOUT.multipliedBy(3);
    private static final WriteTask<Void> STOP = new WriteTask<>(handle -> null);

    private final Supplier<Handle> connect;
    private final String databaseName;
    private final String closedMessage;
    private final BlockingQueue<WriteTask<?>> queue = new LinkedBlockingQueue<>();
    private final Object admission = new Object();
    private final Thread thread;
    private final AtomicLong transactions = new AtomicLong();
    private final AtomicLong committedTasks = new AtomicLong();
    private final AtomicLong commitNanos = new AtomicLong();
    private final AtomicLong startedTasks = new AtomicLong();

    private volatile boolean closed;
    /** Set by the writer thread when a write fails for a full disk, cleared when one commits changes again. */
    private volatile boolean diskFull;
    /** Only touched by {@link #thread} once it started. */
    private AttachedHandle handle;

    /**
     * @param connect opens a new connection; called now, so that a database that cannot be opened fails
     *                here, and again whenever the connection had to be replaced
     */
    public SqliteWriter(Supplier<Handle> connect, String databaseName) {
        this.connect = connect;
        this.databaseName = databaseName;
        this.closedMessage = "database " + databaseName + " is closed";
        this.handle = new AttachedHandle(connect.get());
        this.thread = new Thread(this::run, "hookrelay-sqlite-writer");
        this.thread.setDaemon(true);
        this.thread.start();
    }

    /**
     * Runs {@code work} in a write transaction, possibly shared with other callers, and returns its result
     * once that transaction is committed. Waits without reacting to interrupts: once handed over, the work
     * may commit, and a caller that stopped waiting would not know whether it did.
     *
     * @throws StoreException when the database is closed or fails; the work's own exceptions as they are
     */
    public <T> T write(String operation, Function<AttachedHandle, T> work) {
        try {
            return submit(operation, work).join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw (RuntimeException) e.getCause();
        }
    }

    /**
     * {@link #write} without waiting: the future completes, on the writer thread, once the transaction that
     * ran {@code work} is committed, or fails with what {@code write} would throw. Whoever reacts to it
     * must hand off anything slow, and never write from that thread (it would wait for itself).
     */
    public <T> CompletableFuture<T> submit(String operation, Function<AttachedHandle, T> work) {
        WriteTask<T> task = new WriteTask<>(work);
        synchronized (admission) {
            if (closed) {
                return CompletableFuture.failedFuture(closedException());
            }
            queue.add(task);
        }
        CompletableFuture<T> answer = new CompletableFuture<>();
        task.result.whenComplete((value, failure) -> {
            if (failure == null) {
                answer.complete(value);
                return;
            }
            try {
                answer.completeExceptionally(SqliteErrors.translate(operation, failure));
            } catch (Error error) {
                answer.completeExceptionally(error);
            }
        });
        return answer;
    }

    public WriteStats stats() {
        return new WriteStats(transactions.get(), committedTasks.get(), commitNanos.get());
    }

    /** Work the thread has started, committed or not: lets a test know a call is in flight. */
    public long startedTasks() {
        return startedTasks.get();
    }

    /** Work waiting for the thread: lets a test know a batch is ready to form. */
    public int queued() {
        return queue.size();
    }

    public boolean isClosed() {
        return closed;
    }

    /** Whether the last write that changed anything failed for a full disk: writes are refused until space is freed. */
    public boolean isDiskFull() {
        return diskFull;
    }

    /**
     * Stops taking work. Work not yet committed fails with a {@link StoreException}: nothing is written
     * once closing has begun. Waits for the batch in progress, whose longest wait is the busy timeout.
     */
    @Override
    public void close() {
        synchronized (admission) {
            if (closed) {
                return;
            }
            closed = true;
            queue.add(STOP);
        }
        try {
            thread.join(STOP_WAIT.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (thread.isAlive()) {
            log.warn("the SQLite writer did not stop within {}; leaving its connection to the JVM", STOP_WAIT);
        }
    }

    private void run() {
        try {
            List<WriteTask<?>> batch = new ArrayList<>(MAX_BATCH);
            while (!closed) {
                batch.add(takeNext());
                queue.drainTo(batch, MAX_BATCH - 1);
                batch.remove(STOP);
                if (!batch.isEmpty()) {
                    runBatch(batch);
                }
                batch.clear();
            }
        } finally {
            // Also reached if the thread dies of an Error: no caller may be left waiting for it.
            synchronized (admission) {
                closed = true;
            }
            StoreException closing = closedException();
            for (WriteTask<?> left = queue.poll(); left != null; left = queue.poll()) {
                left.fail(closing);
            }
            disconnect();
        }
    }

    private WriteTask<?> takeNext() {
        while (true) {
            try {
                return queue.take();
            } catch (InterruptedException e) {
                // Nobody interrupts this thread to stop it (close() queues STOP); carry on.
            }
        }
    }

    private void runBatch(List<WriteTask<?>> batch) {
        startedTasks.addAndGet(batch.size());
        try {
            commitTogether(batch);
        } catch (WorkFailed e) {
            noteFailure(e.getCause());
            if (batch.size() == 1) {
                batch.get(0).fail(e.getCause());
            } else {
                batch.forEach(this::runAlone);
            }
        } catch (Throwable e) {
            noteFailure(e);
            // JDBI can throw checked exceptions undeclared; whatever it is, no caller may be left waiting.
            batch.forEach(task -> task.fail(e));
            if (e instanceof Error error) {
                throw error;
            }
        }
    }

    private void runAlone(WriteTask<?> task) {
        List<WriteTask<?>> single = List.of(task);
        try {
            commitTogether(single);
        } catch (WorkFailed e) {
            task.fail(e.getCause());
        } catch (Throwable e) {
            task.fail(e);
            if (e instanceof Error error) {
                throw error;
            }
        }
    }

    /**
     * @throws WorkFailed when a piece of work threw (the transaction is rolled back)
     * @throws RuntimeException when the transaction itself could not begin or commit (JDBI may also
     *                          throw checked exceptions it does not declare)
     */
    private void commitTogether(List<WriteTask<?>> tasks) {
        if (closed) {
            throw closedException();
        }
        AttachedHandle current = begin();
        boolean wasFull = diskFull;
        long changesBefore = wasFull ? totalChanges(current) : 0;
        try {
            for (WriteTask<?> task : tasks) {
                try {
                    task.run(current);
                } catch (Throwable e) {
                    throw new WorkFailed(e);
                }
            }
            if (closed) {
                throw closedException();
            }
            long commitStarted = System.nanoTime();
            current.handle().execute("COMMIT");
            commitNanos.addAndGet(System.nanoTime() - commitStarted);
        } catch (Throwable e) {
            rollback(current, e);
            throw e;
        }
        if (wasFull && totalChanges(current) != changesBefore) {
            diskFull = false;
            log.info("the disk holding {} has room again: writes go on", databaseName);
        }
        transactions.incrementAndGet();
        committedTasks.addAndGet(tasks.size());
        tasks.forEach(WriteTask::publish);
    }

    /**
     * Opens the transaction, on a new connection if the last one was dropped. A {@code BEGIN} that fails
     * drops the connection too: whatever the reason, the next batch starts from a known state.
     */
    private AttachedHandle begin() {
        if (handle == null) {
            handle = new AttachedHandle(connect.get());
        }
        try {
            handle.handle().execute("BEGIN IMMEDIATE");
            return handle;
        } catch (Throwable e) {
            disconnect();
            throw e;
        }
    }

    private void rollback(AttachedHandle current, Throwable failure) {
        try {
            current.handle().execute("ROLLBACK");
        } catch (Throwable rollbackFailure) {
            failure.addSuppressed(rollbackFailure);
            disconnect();
        }
    }

    private void disconnect() {
        if (handle == null) {
            return;
        }
        try {
            handle.handle().close();
        } catch (RuntimeException e) {
            log.warn("closing the SQLite writer connection failed: {}", SqliteErrors.translate("close", e).getMessage());
        } finally {
            handle = null;
        }
    }

    /** A full disk is told once, plainly, when writes begin to fail for it; other failures reach their callers. */
    private void noteFailure(Throwable failure) {
        if (!diskFull && SqliteErrors.isDiskFull(failure)) {
            diskFull = true;
            log.warn("the disk holding {} is full: webhooks are refused with 503 and deliveries wait, losing nothing, until "
                    + "space is freed on it; everything goes on by itself then", databaseName);
        }
    }

    /** Rows changed on this connection since it opened: whether a commit wrote anything; read only after a full disk. */
    private static long totalChanges(AttachedHandle handle) {
        try {
            return handle.handle().getConnection().unwrap(SQLiteConnection.class).getDatabase().total_changes();
        } catch (SQLException e) {
            throw SqliteErrors.translate("count changes", e);
        }
    }

    private StoreException closedException() {
        return new StoreException(closedMessage, null);
    }

    /** A piece of work failed, as opposed to the transaction around it. */
    private static final class WorkFailed extends RuntimeException {
        WorkFailed(Throwable cause) {
            super(cause.getMessage(), cause, false, false);
        }
    }

    private static final class WriteTask<T> {
        final Function<AttachedHandle, T> work;
        final CompletableFuture<T> result = new CompletableFuture<>();
        private T uncommitted;

        WriteTask(Function<AttachedHandle, T> work) {
            this.work = work;
        }

        void run(AttachedHandle handle) {
            uncommitted = work.apply(handle);
        }

        void publish() {
            result.complete(uncommitted);
        }

        void fail(Throwable failure) {
            result.completeExceptionally(failure);
        }
    }
}
