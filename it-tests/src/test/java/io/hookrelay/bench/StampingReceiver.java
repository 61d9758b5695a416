package io.hookrelay.bench;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * A receiver on loopback that answers {@code 200} at once and notes when each event first arrived, by the
 * sequence number the benchmark put in its body ({@code 400} for a body without one, so a mistake shows
 * as deliveries that never arrive). It keeps nothing else, so it costs the shared cores as little as a
 * receiver can.
 */
final class StampingReceiver implements AutoCloseable {
    private static final byte[] SEQ = "\"seq\":".getBytes(StandardCharsets.US_ASCII);
    private static final int THREADS = 8;

    private final HttpServer server;
    private final ExecutorService threads;
    private final AtomicLongArray firstArrival;
    private final AtomicInteger distinct = new AtomicInteger();
    private final AtomicInteger duplicates = new AtomicInteger();

    private StampingReceiver(HttpServer server, ExecutorService threads, int capacity) {
        this.server = server;
        this.threads = threads;
        this.firstArrival = new AtomicLongArray(capacity);
    }

    static StampingReceiver start(int capacity) throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 1024);
        ExecutorService threads = Executors.newFixedThreadPool(THREADS);
        StampingReceiver receiver = new StampingReceiver(server, threads, capacity);
        server.createContext("/", receiver::handle);
        server.setExecutor(threads);
        server.start();
        return receiver;
    }

    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/hooks";
    }

    /** When the event numbered {@code seq} first arrived ({@link System#nanoTime()}), or 0 if it has not. */
    long arrival(int seq) {
        return firstArrival.get(seq);
    }

    int received() {
        return distinct.get();
    }

    int duplicates() {
        return duplicates.get();
    }

    /** Waits until {@code count} distinct events have arrived; false if the timeout came first. */
    boolean awaitReceived(int count, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (distinct.get() < count) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            Thread.sleep(1);
        }
        return true;
    }

    private void handle(HttpExchange exchange) throws IOException {
        long arrived = System.nanoTime();
        byte[] body;
        try (InputStream in = exchange.getRequestBody()) {
            body = in.readAllBytes();
        }
        int seq = seqOf(body);
        if (seq < 0 || seq >= firstArrival.length()) {
            exchange.sendResponseHeaders(400, -1);
            exchange.close();
            return;
        }
        if (firstArrival.compareAndSet(seq, 0, arrived)) {
            distinct.incrementAndGet();
        } else {
            duplicates.incrementAndGet();
        }
        exchange.sendResponseHeaders(200, -1);
        exchange.close();
    }

    /** The number after the first {@code "seq":} in the body, or -1. */
    static int seqOf(byte[] body) {
        outer:
        for (int i = 0; i + SEQ.length < body.length; i++) {
            for (int j = 0; j < SEQ.length; j++) {
                if (body[i + j] != SEQ[j]) {
                    continue outer;
                }
            }
            int value = 0;
            int digits = 0;
            for (int k = i + SEQ.length; k < body.length && body[k] >= '0' && body[k] <= '9'; k++, digits++) {
                value = value * 10 + (body[k] - '0');
            }
            return digits == 0 ? -1 : value;
        }
        return -1;
    }

    @Override
    public void close() {
        server.stop(0);
        threads.shutdownNow();
    }
}
