package io.hookrelay.storage.postgres;

import io.hookrelay.queue.StoreException;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Tells other processes that work was enqueued, after the commit and from a thread of its own, at most once
 * per {@link #SPACING}. A {@code NOTIFY} takes a lock that every notifying transaction holds through its
 * commit, one at a time: sent inside each enqueue, it would make enqueues commit one after another, each
 * flushing alone. Sent afterwards and coalesced, the notices cost a few small transactions a second; the
 * enqueuing process's own pools are woken in process, and other processes hear within the spacing.
 */
final class WorkAnnouncer implements AutoCloseable {
    static final Duration SPACING = Duration.ofMillis(20);

    private static final Logger log = LoggerFactory.getLogger(WorkAnnouncer.class);

    private final PostgresDatabase database;
    private final NoticeChannel channel;
    private final AtomicBoolean due = new AtomicBoolean();
    private final ScheduledExecutorService sender = Executors.newSingleThreadScheduledExecutor(runnable -> {
        Thread thread = new Thread(runnable, "hookrelay-postgres-announcer");
        thread.setDaemon(true);
        return thread;
    });

    WorkAnnouncer(PostgresDatabase database, NoticeChannel channel) {
        this.database = database;
        this.channel = channel;
    }

    /** After a commit that made work claimable; returns at once. */
    void workAvailable() {
        if (due.compareAndSet(false, true) && !sender.isShutdown()) {
            sender.schedule(this::send, SPACING.toMillis(), TimeUnit.MILLISECONDS);
        }
    }

    private void send() {
        due.set(false);
        try {
            database.read("announce work", handle -> {
                channel.announceWork(handle);
                return null;
            });
        } catch (StoreException e) {
            // A notice is a hint: other processes' pools find the work at their next poll.
            log.debug("work could not be announced to other processes: {}", e.getMessage());
        }
    }

    @Override
    public void close() {
        sender.shutdownNow();
    }
}
