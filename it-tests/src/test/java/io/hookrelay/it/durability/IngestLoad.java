package io.hookrelay.it.durability;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Several providers posting webhooks without pause to a server that is killed and started again: each body
 * carries a sequence number no other body has, an acknowledged event is remembered with the exact bytes
 * sent, and every answer's status is kept for the test to judge.
 *
 * <p>A poster that gets no answer (the server died under it) waits until the test points the load at the
 * next server, instead of spinning on a port where nothing listens. Posters pace themselves, so that the
 * relay's deliveries keep up with what is ingested and the drain at the end stays short.
 */
final class IngestLoad implements AutoCloseable {
    private static final Duration PACE = Duration.ofMillis(40);

    private final String source;
    private final WebhookPoster poster = new WebhookPoster();
    private final List<Thread> posters = new ArrayList<>();
    private final AtomicLong sequence = new AtomicLong();
    private final AtomicInteger sent = new AtomicInteger();
    private final AtomicInteger unanswered = new AtomicInteger();
    private final Map<String, byte[]> acknowledged = new ConcurrentHashMap<>();
    private final ConcurrentLinkedQueue<WebhookPoster.Answer> refused = new ConcurrentLinkedQueue<>();
    private final Object serverChange = new Object();
    private URI server;
    private volatile boolean stopping;

    private IngestLoad(String source, URI server) {
        this.source = Objects.requireNonNull(source, "source");
        this.server = Objects.requireNonNull(server, "server");
    }

    /** Starts {@code count} posters against {@code server}. */
    static IngestLoad start(int count, String source, URI server) {
        IngestLoad load = new IngestLoad(source, server);
        for (int i = 0; i < count; i++) {
            Thread thread = new Thread(load::post, "ingest-load-" + i);
            thread.setDaemon(true);
            load.posters.add(thread);
            thread.start();
        }
        return load;
    }

    /** The server to post to from now on: the one started after the last was killed. */
    void pointAt(URI next) {
        synchronized (serverChange) {
            server = next;
            serverChange.notifyAll();
        }
    }

    /** Stops posting and waits for the posts in flight to be answered (or to fail). */
    void stop() throws InterruptedException {
        stopping = true;
        synchronized (serverChange) {
            serverChange.notifyAll();
        }
        for (Thread thread : posters) {
            thread.join();
        }
    }

    @Override
    public void close() throws InterruptedException {
        stop();
    }

    /** Events the server acknowledged, by id, with the body sent for each. */
    Map<String, byte[]> acknowledged() {
        return Map.copyOf(acknowledged);
    }

    /** Answers other than {@code 202}. */
    List<WebhookPoster.Answer> refused() {
        return List.copyOf(refused);
    }

    /** Posts begun, whatever came of them. */
    int sent() {
        return sent.get();
    }

    /** Posts the server never answered: it was killed while they were in flight, or before they connected. */
    int unanswered() {
        return unanswered.get();
    }

    private void post() {
        try {
            while (!stopping) {
                URI target = currentServer();
                byte[] body = nextBody();
                sent.incrementAndGet();
                try {
                    WebhookPoster.Answer answer = poster.post(target, source, body);
                    answer.eventId().ifPresentOrElse(id -> acknowledged.put(id, body), () -> refused.add(answer));
                    Thread.sleep(PACE.toMillis());
                } catch (IOException noAnswer) {
                    unanswered.incrementAndGet();
                    awaitAnotherServerThan(target);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private byte[] nextBody() {
        long seq = sequence.incrementAndGet();
        String padding = "x".repeat((int) (seq % 97));
        return ("{\"type\":\"load.tick\",\"seq\":" + seq + ",\"padding\":\"" + padding + "\"}").getBytes(StandardCharsets.UTF_8);
    }

    private URI currentServer() {
        synchronized (serverChange) {
            return server;
        }
    }

    private void awaitAnotherServerThan(URI dead) throws InterruptedException {
        synchronized (serverChange) {
            while (!stopping && server.equals(dead)) {
                serverChange.wait();
            }
        }
    }
}
