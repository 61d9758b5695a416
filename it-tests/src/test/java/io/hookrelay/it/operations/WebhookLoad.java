package io.hookrelay.it.operations;

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
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Predicate;

/**
 * Webhook providers posting to one source of a relay, steadily, each body unique, until stopped or until
 * the relay stops answering: a client that gets anything but {@code 202} (a refusal, a dropped connection,
 * a relay that is gone) records it and stops, as the relay is then being stopped or has failed.
 *
 * <p>Each accepted event keeps when its request was sent and when its answer came: an answer received
 * before some moment means the event was committed before it, and a request sent after some moment means
 * the event was committed after it. That is what lets a test say which events a backup must and must not
 * hold without knowing when exactly the backup's snapshot was taken.
 */
final class WebhookLoad implements AutoCloseable {
    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(30);

    private final HttpClient http = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5))
            .build();
    private final URI ingest;
    private final Duration pause;
    private final List<Acknowledged> acknowledged = new CopyOnWriteArrayList<>();
    private final List<Refusal> refusals = new CopyOnWriteArrayList<>();
    private final List<Thread> clients = new ArrayList<>();
    private volatile boolean stopped;

    /** An event the relay accepted with {@code 202}. */
    record Acknowledged(String eventId, byte[] body, long sentAtNanos, long answeredAtNanos) {
    }

    /** Why a client stopped before it was told to. */
    record Refusal(String what, long atNanos) {
    }

    private WebhookLoad(URI ingest, Duration pause) {
        this.ingest = ingest;
        this.pause = pause;
    }

    /** {@code clients} threads posting to {@code /hooks/{source}}, each pausing {@code pause} between posts. */
    static WebhookLoad start(URI relay, String source, int clients, Duration pause) {
        WebhookLoad load = new WebhookLoad(relay.resolve("/hooks/" + source), pause);
        for (int client = 0; client < clients; client++) {
            int number = client;
            Thread thread = new Thread(() -> load.post(number), "webhook-load-" + client);
            thread.setDaemon(true);
            load.clients.add(thread);
            thread.start();
        }
        return load;
    }

    int acknowledgedCount() {
        return acknowledged.size();
    }

    List<Acknowledged> acknowledged() {
        return List.copyOf(acknowledged);
    }

    /** Events committed before {@code nanos} ({@link System#nanoTime()}). */
    List<String> eventIdsAnsweredBefore(long nanos) {
        return eventIds(event -> event.answeredAtNanos() - nanos < 0);
    }

    /** Events committed after {@code nanos} ({@link System#nanoTime()}). */
    List<String> eventIdsSentAfter(long nanos) {
        return eventIds(event -> event.sentAtNanos() - nanos > 0);
    }

    List<Refusal> refusals() {
        return List.copyOf(refusals);
    }

    /** Stops the clients and waits for the requests they have in flight. */
    @Override
    public void close() throws InterruptedException {
        stopped = true;
        for (Thread client : clients) {
            client.join(REQUEST_TIMEOUT.toMillis() * 2);
        }
    }

    private List<String> eventIds(Predicate<Acknowledged> which) {
        return acknowledged.stream().filter(which).map(Acknowledged::eventId).toList();
    }

    private void post(int client) {
        for (long sequence = 0; !stopped; sequence++) {
            byte[] body = Json.write(Map.of("client", client, "sequence", sequence, "type", "load.tick"))
                    .getBytes(StandardCharsets.UTF_8);
            HttpRequest request = HttpRequest.newBuilder(ingest).timeout(REQUEST_TIMEOUT)
                    .header("Content-Type", "application/json")
                    .POST(BodyPublishers.ofByteArray(body)).build();
            long sentAt = System.nanoTime();
            try {
                HttpResponse<String> answer = http.send(request, BodyHandlers.ofString(StandardCharsets.UTF_8));
                long answeredAt = System.nanoTime();
                if (answer.statusCode() != 202) {
                    refusals.add(new Refusal("HTTP " + answer.statusCode() + " " + answer.body(), answeredAt));
                    return;
                }
                acknowledged.add(new Acknowledged(Json.parse(answer.body()).path("event_id").asText(), body, sentAt, answeredAt));
                Thread.sleep(pause.toMillis());
            } catch (IOException e) {
                refusals.add(new Refusal(e.toString(), System.nanoTime()));
                return;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
