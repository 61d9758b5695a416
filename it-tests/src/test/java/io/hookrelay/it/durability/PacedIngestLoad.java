package io.hookrelay.it.durability;

import io.hookrelay.it.support.Json;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Webhook providers posting to one source back to back, each waiting for its answer before the next post,
 * until stopped. Every answer is judged as a provider would: a 2xx acknowledges the event (its id is kept),
 * anything else, or no answer at all, is a refusal the provider would have to retry, and is kept whole.
 */
final class PacedIngestLoad implements AutoCloseable {
    private static final Duration ANSWER_TIMEOUT = Duration.ofSeconds(60);

    private final HttpClient http = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10))
            .build();
    private final URI hookUrl;
    private final String padding;
    private final ExecutorService clients;
    private final AtomicInteger sequence = new AtomicInteger();
    private final Queue<String> acknowledged = new ConcurrentLinkedQueue<>();
    private final AtomicInteger acknowledgedCount = new AtomicInteger();
    private final Queue<String> refusals = new ConcurrentLinkedQueue<>();
    private final AtomicLong slowestAnswerNanos = new AtomicLong();
    private volatile boolean posting = true;

    private PacedIngestLoad(URI hookUrl, int clientCount, int bodyBytes) {
        this.hookUrl = hookUrl;
        this.padding = "p".repeat(bodyBytes);
        this.clients = Executors.newFixedThreadPool(clientCount);
        for (int i = 0; i < clientCount; i++) {
            clients.execute(this::postUntilStopped);
        }
    }

    /** Starts {@code clientCount} providers posting JSON bodies of about {@code bodyBytes} bytes to {@code hookUrl}. */
    static PacedIngestLoad start(URI hookUrl, int clientCount, int bodyBytes) {
        return new PacedIngestLoad(hookUrl, clientCount, bodyBytes);
    }

    int acknowledgedCount() {
        return acknowledgedCount.get();
    }

    /** The ids of the events acknowledged so far. */
    List<String> acknowledged() {
        return new ArrayList<>(acknowledged);
    }

    /** Every answer that was not a 2xx, and every post that got no answer, as what the provider saw. */
    List<String> refusals() {
        return new ArrayList<>(refusals);
    }

    /** The longest a post waited for its answer since the last call, which starts the next period. */
    Duration takeSlowestAnswer() {
        return Duration.ofNanos(slowestAnswerNanos.getAndSet(0));
    }

    /** Stops posting and returns once every post in flight has its answer. */
    @Override
    public void close() throws InterruptedException {
        posting = false;
        clients.shutdown();
        if (!clients.awaitTermination(ANSWER_TIMEOUT.multipliedBy(2).toMillis(), TimeUnit.MILLISECONDS)) {
            clients.shutdownNow();
            throw new IllegalStateException("posts still unanswered after " + ANSWER_TIMEOUT.multipliedBy(2));
        }
    }

    private void postUntilStopped() {
        while (posting) {
            int seq = sequence.incrementAndGet();
            String body = "{\"seq\":" + seq + ",\"padding\":\"" + padding + "\"}";
            HttpRequest request = HttpRequest.newBuilder(hookUrl)
                    .timeout(ANSWER_TIMEOUT)
                    .header("Content-Type", "application/json")
                    .POST(BodyPublishers.ofString(body, StandardCharsets.UTF_8))
                    .build();
            long sent = System.nanoTime();
            try {
                HttpResponse<String> answer = http.send(request, BodyHandlers.ofString(StandardCharsets.UTF_8));
                slowestAnswerNanos.accumulateAndGet(System.nanoTime() - sent, Math::max);
                if (answer.statusCode() / 100 == 2) {
                    acknowledged.add(Json.parse(answer.body()).path("event_id").asText());
                    acknowledgedCount.incrementAndGet();
                } else {
                    refusals.add("seq " + seq + ": HTTP " + answer.statusCode() + " " + answer.body());
                }
            } catch (IOException e) {
                refusals.add("seq " + seq + ": no answer: " + e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                refusals.add("seq " + seq + ": interrupted while waiting for the answer");
                return;
            }
        }
    }
}
