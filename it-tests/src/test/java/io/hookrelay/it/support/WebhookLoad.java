package io.hookrelay.it.support;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse.BodyHandlers;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalInt;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Predicate;

/**
 * Webhook providers posting to one source of a relay without end: each client waits for its answer, pauses,
 * and posts again, every body unique. Answers are judged as a provider would judge them: a {@code 202}
 * acknowledges the event, which is remembered with the bytes sent and when; anything else, or no answer at
 * all, is a {@link Refusal} the provider would have to retry.
 *
 * <p>A client that gets no answer (the relay died or stopped under it) waits until {@link #pointAt} names
 * another relay, as a provider's retries would find the restarted one, rather than spin on a dead port.
 *
 * <p>When each event was sent and answered is kept: an answer received before some moment means the event
 * was committed before it, and a request sent after it means the event was committed after it. That lets a
 * test say which events a backup must hold without knowing exactly when its snapshot was taken.
 */
public final class WebhookLoad implements AutoCloseable {
    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(60);

    private final HttpClient http = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .followRedirects(HttpClient.Redirect.NEVER)
            .connectTimeout(Duration.ofSeconds(5))
            .build();
    private final String source;
    private final Duration pause;
    private final String padding;
    private final List<Thread> clients = new ArrayList<>();
    private final AtomicInteger sent = new AtomicInteger();
    private final List<Acknowledged> acknowledged = new CopyOnWriteArrayList<>();
    private final List<Refusal> refusals = new CopyOnWriteArrayList<>();
    private final AtomicLong slowestAnswerNanos = new AtomicLong();
    private final Object relayChange = new Object();
    private URI relay;
    private volatile boolean stopped;

    /** An event the relay acknowledged with {@code 202}, with the body sent and when ({@link System#nanoTime()}). */
    public record Acknowledged(String eventId, byte[] body, long sentAtNanos, long answeredAtNanos) {
    }

    /**
     * A post to {@code relay} that was not acknowledged: {@code status} is empty when no answer came at all;
     * {@code retryAfter} says whether the answer had that header.
     */
    public record Refusal(URI relay, OptionalInt status, String what, long sentAtNanos, long atNanos, boolean retryAfter) {
        public boolean answered() {
            return status.isPresent();
        }

        public Duration waited() {
            return Duration.ofNanos(atNanos - sentAtNanos);
        }
    }

    private WebhookLoad(URI relay, String source, Duration pause, int paddingBytes) {
        this.relay = Objects.requireNonNull(relay, "relay");
        this.source = Objects.requireNonNull(source, "source");
        this.pause = Objects.requireNonNull(pause, "pause");
        this.padding = "p".repeat(paddingBytes);
    }

    /**
     * Starts {@code clients} providers posting JSON bodies (with {@code paddingBytes} of padding each) to
     * {@code /hooks/{source}} of {@code relay}, each pausing {@code pause} after an answer.
     */
    public static WebhookLoad start(URI relay, String source, int clients, Duration pause, int paddingBytes) {
        WebhookLoad load = new WebhookLoad(relay, source, pause, paddingBytes);
        for (int client = 0; client < clients; client++) {
            int number = client;
            Thread thread = new Thread(() -> load.post(number), "webhook-load-" + client);
            thread.setDaemon(true);
            load.clients.add(thread);
            thread.start();
        }
        return load;
    }

    /** The relay to post to from now on: the one started after the last was killed. */
    public void pointAt(URI next) {
        synchronized (relayChange) {
            relay = Objects.requireNonNull(next, "next");
            relayChange.notifyAll();
        }
    }

    /** Posts begun, whatever came of them. */
    public int sent() {
        return sent.get();
    }

    public int acknowledgedCount() {
        return acknowledged.size();
    }

    public List<Acknowledged> acknowledged() {
        return List.copyOf(acknowledged);
    }

    public List<String> acknowledgedIds() {
        return eventIds(any -> true);
    }

    /** Events committed before {@code nanos} ({@link System#nanoTime()}). */
    public List<String> eventIdsAnsweredBefore(long nanos) {
        return eventIds(event -> event.answeredAtNanos() - nanos < 0);
    }

    /** Events committed after {@code nanos} ({@link System#nanoTime()}). */
    public List<String> eventIdsSentAfter(long nanos) {
        return eventIds(event -> event.sentAtNanos() - nanos > 0);
    }

    public List<Refusal> refusals() {
        return List.copyOf(refusals);
    }

    /** The longest a post waited for its answer since the last call, which starts the next period. */
    public Duration takeSlowestAnswer() {
        return Duration.ofNanos(slowestAnswerNanos.getAndSet(0));
    }

    /** Stops posting and waits for the posts in flight to be answered (or to fail). */
    @Override
    public void close() throws InterruptedException {
        stopped = true;
        synchronized (relayChange) {
            relayChange.notifyAll();
        }
        for (Thread client : clients) {
            client.join(REQUEST_TIMEOUT.multipliedBy(2).toMillis());
        }
    }

    private List<String> eventIds(Predicate<Acknowledged> which) {
        return acknowledged.stream().filter(which).map(Acknowledged::eventId).toList();
    }

    private void post(int client) {
        try {
            for (long sequence = 0; !stopped; sequence++) {
                URI to = currentRelay();
                byte[] body = Json.write(Map.of("type", "load.tick", "client", client, "seq", sequence, "padding", padding))
                        .getBytes(StandardCharsets.UTF_8);
                sent.incrementAndGet();
                long sentAt = System.nanoTime();
                try {
                    HttpResponse<String> answer = http.send(request(to, body), BodyHandlers.ofString(StandardCharsets.UTF_8));
                    long answeredAt = System.nanoTime();
                    slowestAnswerNanos.accumulateAndGet(answeredAt - sentAt, Math::max);
                    if (answer.statusCode() == 202) {
                        acknowledged.add(new Acknowledged(Json.parse(answer.body()).path("event_id").asText(), body, sentAt, answeredAt));
                    } else {
                        refusals.add(new Refusal(to, OptionalInt.of(answer.statusCode()), answer.body(), sentAt, answeredAt,
                                answer.headers().firstValue("Retry-After").isPresent()));
                    }
                    Thread.sleep(pause.toMillis());
                } catch (IOException noAnswer) {
                    refusals.add(new Refusal(to, OptionalInt.empty(), noAnswer.toString(), sentAt, System.nanoTime(), false));
                    awaitAnotherRelayThan(to);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private HttpRequest request(URI to, byte[] body) {
        return HttpRequest.newBuilder(to.resolve("/hooks/" + source))
                .timeout(REQUEST_TIMEOUT)
                .header("Content-Type", "application/json")
                .POST(BodyPublishers.ofByteArray(body))
                .build();
    }

    private URI currentRelay() {
        synchronized (relayChange) {
            return relay;
        }
    }

    private void awaitAnotherRelayThan(URI dead) throws InterruptedException {
        synchronized (relayChange) {
            while (!stopped && relay.equals(dead)) {
                relayChange.wait();
            }
        }
    }
}
