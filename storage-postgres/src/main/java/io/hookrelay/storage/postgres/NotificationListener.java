package io.hookrelay.storage.postgres;

import io.hookrelay.queue.DaemonThreads;
import java.time.Duration;
import java.util.function.Consumer;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.Jdbi;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Listens on one channel on a connection of its own, taken from the pool and kept for as long as it works
 * ({@link PostgresSettings} keeps the pool at two or more for this). When the connection drops it connects
 * again with growing pauses; meanwhile pools find new work by polling, and once it is back it reports a
 * reconnect, since whatever was sent in between is lost.
 */
final class NotificationListener implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(NotificationListener.class);
    /**
     * How long one wait for notifications blocks. A blocked read does not heed an interrupt, so {@link #close} waits
     * out the wait under way: kept short, as every intent store on PostgreSQL closes a listener.
     */
    private static final int WAIT_MILLIS = 100;
    /** A connection that went away without a word is found by asking it something this often. */
    private static final Duration CHECK_EVERY = Duration.ofSeconds(5);
    private static final Duration FIRST_PAUSE = Duration.ofMillis(100);
    private static final Duration LONGEST_PAUSE = Duration.ofSeconds(5);

    private final Jdbi jdbi;
    private final String channel;
    private final Consumer<String> onPayload;
    private final Runnable onReconnect;
    private final Thread thread;
    private volatile boolean running = true;

    NotificationListener(Jdbi jdbi, String channel, Consumer<String> onPayload, Runnable onReconnect) {
        this.jdbi = jdbi;
        this.channel = channel;
        this.onPayload = onPayload;
        this.onReconnect = onReconnect;
        this.thread = DaemonThreads.named("hookrelay-postgres-listen-").newThread(this::run);
        thread.start();
    }

    private void run() {
        Duration pause = FIRST_PAUSE;
        boolean connectedBefore = false;
        while (running) {
            try (Handle handle = jdbi.open()) {
                handle.execute("LISTEN \"" + channel + "\"");
                if (connectedBefore) {
                    log.info("listening for queue notifications again");
                    onReconnect.run();
                }
                connectedBefore = true;
                pause = FIRST_PAUSE;
                listen(handle);
            } catch (Exception e) {
                if (!running) {
                    return;
                }
                log.warn("queue notifications lost ({}); pools poll until listening again in {} ms", e.getMessage(), pause.toMillis());
                try {
                    Thread.sleep(pause.toMillis());
                } catch (InterruptedException interrupted) {
                    return;
                }
                pause = pause.multipliedBy(2).compareTo(LONGEST_PAUSE) > 0 ? LONGEST_PAUSE : pause.multipliedBy(2);
            }
        }
    }

    private void listen(Handle handle) throws Exception {
        PGConnection connection = handle.getConnection().unwrap(PGConnection.class);
        long lastHeard = System.nanoTime();
        while (running) {
            PGNotification[] notifications = connection.getNotifications(WAIT_MILLIS);
            if (notifications != null && notifications.length > 0) {
                for (PGNotification notification : notifications) {
                    onPayload.accept(notification.getParameter());
                }
                lastHeard = System.nanoTime();
            } else if (System.nanoTime() - lastHeard > CHECK_EVERY.toNanos()) {
                handle.execute("SELECT 1");
                lastHeard = System.nanoTime();
            }
        }
    }

    @Override
    public void close() {
        running = false;
        thread.interrupt();
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
