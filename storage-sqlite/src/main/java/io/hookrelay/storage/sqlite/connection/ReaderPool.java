package io.hookrelay.storage.sqlite.connection;

import io.hookrelay.queue.StoreException;
import io.hookrelay.queue.TransientStoreException;
import java.time.Duration;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Supplier;
import org.jdbi.v3.core.Handle;

/**
 * A few reader connections, each kept open with its DAOs attached, lent to one read at a time.
 *
 * <p>A read borrowed a pooled connection, opened a JDBI handle on it and attached a DAO, every time; under
 * ingest load those steps were most of a request's CPU. Keeping the handles themselves pooled makes a read
 * one prepared statement. Reads run in autocommit mode and each statement is reset when its call returns
 * ({@link ReusedStatements}), so an idle reader holds no snapshot that would keep the WAL from being
 * checkpointed.
 *
 * <p>A read that fails gives up its connection rather than lending it again: whatever went wrong (a busy
 * database, a statement left half-read) cannot reach the next read.
 */
public final class ReaderPool implements AutoCloseable {
    private final Supplier<Handle> connect;
    private final int size;
    private final Duration wait;
    private final Semaphore lendable;
    private final ConcurrentLinkedQueue<AttachedHandle> idle = new ConcurrentLinkedQueue<>();
    private volatile boolean closed;

    /**
     * @param connect opens a new reader connection; called now once, so that a database that cannot be
     *                read fails here, and later whenever a read finds no idle connection
     * @param size    how many reads may run at once
     * @param wait    how long a read waits for a connection before failing as transient
     */
    public ReaderPool(Supplier<Handle> connect, int size, Duration wait) {
        this.connect = connect;
        this.size = size;
        this.wait = wait;
        this.lendable = new Semaphore(size, true);
        idle.add(new AttachedHandle(connect.get()));
    }

    /**
     * @throws TransientStoreException when every connection stayed lent for the whole wait
     * @throws StoreException          when the pool is closed
     */
    public <T> T read(Function<AttachedHandle, T> work) {
        acquire();
        AttachedHandle reader = null;
        boolean healthy = false;
        try {
            reader = borrow();
            T result = work.apply(reader);
            healthy = true;
            return result;
        } finally {
            if (reader != null) {
                giveBack(reader, healthy);
            }
            lendable.release();
        }
    }

    public int size() {
        return size;
    }

    /** Closes the idle connections; one still lent is closed when its read returns. */
    @Override
    public void close() {
        closed = true;
        for (AttachedHandle reader = idle.poll(); reader != null; reader = idle.poll()) {
            reader.handle().close();
        }
    }

    private void acquire() {
        try {
            if (!lendable.tryAcquire(wait.toMillis(), TimeUnit.MILLISECONDS)) {
                throw new TransientStoreException("no database reader was free within " + wait, null);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TransientStoreException("interrupted while waiting for a database reader", e);
        }
    }

    private AttachedHandle borrow() {
        if (closed) {
            throw new StoreException("the database readers are closed", null);
        }
        AttachedHandle reader = idle.poll();
        return reader != null ? reader : new AttachedHandle(connect.get());
    }

    /** A reader given back after {@link #close} is closed by it, like the others. */
    private void giveBack(AttachedHandle reader, boolean healthy) {
        if (!healthy) {
            reader.handle().close();
            return;
        }
        idle.add(reader);
        if (closed) {
            close();
        }
    }
}
