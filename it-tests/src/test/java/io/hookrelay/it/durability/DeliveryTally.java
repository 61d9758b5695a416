package io.hookrelay.it.durability;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A target for a long run under load: it keeps, per event, only what each receipt said and how it was
 * answered, not the bodies, so thousands of deliveries cost the test little memory. It answers the first
 * attempt of every {@code failEvery}-th delivery it sees with a 500, so that retries are written, wait and
 * are claimed again in the middle of the run, as a real receiver's hiccups make them.
 */
final class DeliveryTally implements AutoCloseable {
    static final String PATH = "/webhooks";

    /** One request of an event as it arrived: which attempt by the relay's count, its body's size, the status it got. */
    record Receipt(int attempt, int bodyBytes, int status) {
        boolean succeeded() {
            return status / 100 == 2;
        }
    }

    private final HttpServer server;
    private final ExecutorService threads = Executors.newFixedThreadPool(8);
    private final Map<String, List<Receipt>> byEvent = new ConcurrentHashMap<>();
    private final AtomicLong firstAttempts = new AtomicLong();
    private final int failEvery;

    private DeliveryTally(HttpServer server, int failEvery) {
        this.server = server;
        this.failEvery = failEvery;
    }

    static DeliveryTally start(int failEvery) {
        try {
            HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
            DeliveryTally tally = new DeliveryTally(server, failEvery);
            server.createContext(PATH, tally::handle);
            server.setExecutor(tally.threads);
            server.start();
            return tally;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + PATH;
    }

    /** What arrived for {@code eventId}, in order of arrival; empty if nothing did. */
    List<Receipt> receiptsOf(String eventId) {
        return List.copyOf(byEvent.getOrDefault(eventId, List.of()));
    }

    boolean delivered(String eventId) {
        return receiptsOf(eventId).stream().anyMatch(Receipt::succeeded);
    }

    /** Requests answered with the scripted 500. */
    long refusedCount() {
        return byEvent.values().stream().flatMap(List::stream).filter(receipt -> !receipt.succeeded()).count();
    }

    @Override
    public void close() {
        server.stop(0);
        threads.shutdownNow();
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            int bodyBytes;
            try (InputStream body = exchange.getRequestBody()) {
                bodyBytes = body.readAllBytes().length;
            }
            String eventId = exchange.getRequestHeaders().getFirst("webhook-id");
            int attempt = Integer.parseInt(exchange.getRequestHeaders().getFirst("X-Hookrelay-Attempt"));
            boolean refuse = attempt == 1 && firstAttempts.incrementAndGet() % failEvery == 0;
            int status = refuse ? 500 : 204;
            byEvent.computeIfAbsent(eventId, id -> new CopyOnWriteArrayList<>()).add(new Receipt(attempt, bodyBytes, status));
            exchange.sendResponseHeaders(status, -1);
        }
    }
}
