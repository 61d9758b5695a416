package io.hookrelay.it.operations;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * A target's receiver that outlives the relay processes it serves (the support {@code Receiver} belongs to
 * an in-process server): it answers 200, keeps which delivery of which event arrived when and with what
 * body, and can stall, as a receiver whose service is down does, until released.
 */
final class WebhookSink implements AutoCloseable {
    /** Never reached in a passing test: a stalled request nobody releases is answered after this. */
    private static final Duration LONGEST_STALL = Duration.ofSeconds(60);

    private final HttpServer server;
    private final ExecutorService threads = Executors.newCachedThreadPool();
    private final List<Receipt> receipts = new CopyOnWriteArrayList<>();
    private volatile CountDownLatch stall;

    /** One delivery as it arrived, before it was answered. */
    record Receipt(String deliveryId, String eventId, byte[] body, long arrivedAtNanos) {
    }

    private WebhookSink(HttpServer server) {
        this.server = server;
    }

    static WebhookSink start() {
        try {
            HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
            WebhookSink sink = new WebhookSink(server);
            server.createContext("/", sink::handle);
            server.setExecutor(sink.threads);
            server.start();
            return sink;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/hooks";
    }

    /** From now on requests are recorded but not answered until {@link #release()}. */
    void stall() {
        stall = new CountDownLatch(1);
    }

    /** Answers the stalled requests, and every later one at once. */
    void release() {
        CountDownLatch stalled = stall;
        stall = null;
        if (stalled != null) {
            stalled.countDown();
        }
    }

    List<Receipt> receipts() {
        return List.copyOf(receipts);
    }

    @Override
    public void close() {
        release();
        server.stop(0);
        threads.shutdownNow();
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange; InputStream body = exchange.getRequestBody()) {
            receipts.add(new Receipt(exchange.getRequestHeaders().getFirst("x-hookrelay-delivery-id"),
                    exchange.getRequestHeaders().getFirst("webhook-id"), body.readAllBytes(), System.nanoTime()));
            awaitRelease();
            exchange.sendResponseHeaders(200, -1);
        }
    }

    private void awaitRelease() {
        CountDownLatch stalled = stall;
        if (stalled == null) {
            return;
        }
        try {
            stalled.await(LONGEST_STALL.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
