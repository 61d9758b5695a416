package io.hookrelay.it.support;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.hookrelay.queue.testing.Await;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Queue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * A webhook receiver on loopback, as a target's owner would run one: it records every request it gets and
 * answers from a script the test sets (queued answers first, then a standing answer, 200 unless changed).
 *
 * <p>It can also hold requests before answering them ({@link #holdRequests()} until {@link #releaseAll()}),
 * to see what the relay does while a receiver is slow, and it counts how many it had unanswered at once.
 * {@link RelayServer#startReceiver()} starts one and closes it with the server; a test whose receivers must
 * outlive a server (a child process killed and started again on the same targets) starts its own with
 * {@link #start()} and closes it itself.
 */
public final class Receiver implements AutoCloseable {
    public static final String PATH = "/webhooks";
    /** Never reached in a passing test: a held request that nobody releases gets answered after this. */
    private static final Duration LONGEST_HOLD = Duration.ofSeconds(60);

    private final HttpServer server;
    private final ExecutorService threads = Executors.newCachedThreadPool();
    private final List<Request> requests = new ArrayList<>();
    private final Queue<Answer> nextAnswers = new ArrayDeque<>();
    private Function<Request, Answer> standingAnswer = request -> Answer.status(200);
    private volatile Duration answerDelay = Duration.ZERO;
    private volatile CountDownLatch hold;
    private final AtomicInteger unanswered = new AtomicInteger();
    private final AtomicInteger mostUnansweredAtOnce = new AtomicInteger();

    /** One request as it arrived: header names lower-cased, the body byte for byte, {@code from} the sender's address. */
    public record Request(String method, String path, Map<String, List<String>> headers, byte[] body, long arrivedAtNanos,
                          String from) {
        public Optional<String> header(String name) {
            List<String> values = headers.getOrDefault(name.toLowerCase(Locale.ROOT), List.of());
            return values.isEmpty() ? Optional.empty() : Optional.of(values.get(0));
        }

        /** How long after {@code earlier} this request arrived, by the monotonic clock. */
        public Duration arrivedAfter(Request earlier) {
            return Duration.ofNanos(arrivedAtNanos - earlier.arrivedAtNanos);
        }
    }

    /** What the receiver answers: a status, headers and a body (empty for none). */
    public record Answer(int status, Map<String, String> headers, String body) {
        public static Answer status(int status) {
            return new Answer(status, Map.of(), "");
        }

        public Answer withHeader(String name, String value) {
            Map<String, String> more = new LinkedHashMap<>(headers);
            more.put(name, value);
            return new Answer(status, more, body);
        }

        public Answer withBody(String text) {
            return new Answer(status, headers, text);
        }
    }

    private Receiver(HttpServer server) {
        this.server = server;
    }

    public static Receiver start() {
        return startOn(InetAddress.getLoopbackAddress());
    }

    /** A receiver on {@code address} ({@code 127.0.0.1} for {@link #start}), such as one nodes in namespaces reach. */
    public static Receiver startOn(InetAddress address) {
        try {
            HttpServer server = HttpServer.create(new InetSocketAddress(address, 0), 0);
            Receiver receiver = new Receiver(server);
            server.createContext("/", receiver::handle);
            server.setExecutor(receiver.threads);
            server.start();
            return receiver;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Where a target should point to reach this receiver. */
    public String url() {
        return "http://" + server.getAddress().getAddress().getHostAddress() + ":" + server.getAddress().getPort() + PATH;
    }

    /** Answers the next requests with these, in order, before falling back to the standing answer. */
    public synchronized void answerNext(Answer... answers) {
        nextAnswers.addAll(List.of(answers));
    }

    /** The answer once the queued ones are used up. */
    public void answerOtherwise(Answer answer) {
        answerBy(request -> answer);
    }

    /** Once the queued answers are used up, each request is answered with what {@code rule} makes of it. */
    public synchronized void answerBy(Function<Request, Answer> rule) {
        standingAnswer = rule;
    }

    /**
     * Every answer leaves this long after its request was recorded (and released, if held): a receiver that
     * takes a moment, so that a relay stopped at a random instant is often caught waiting for one.
     */
    public void delayAnswers(Duration delay) {
        if (delay.isNegative()) {
            throw new IllegalArgumentException("a delay cannot be negative: " + delay);
        }
        answerDelay = delay;
    }

    /** From now on every request waits for {@link #releaseAll()} before it is answered. */
    public void holdRequests() {
        hold = new CountDownLatch(1);
    }

    /** Answers the held requests and stops holding new ones. */
    public void releaseAll() {
        CountDownLatch held = hold;
        hold = null;
        if (held != null) {
            held.countDown();
        }
    }

    /** Every request so far, in order of arrival. */
    public synchronized List<Request> requests() {
        return List.copyOf(requests);
    }

    public synchronized int requestCount() {
        return requests.size();
    }

    /** How many requests are waiting for their answer right now: held, or in their answer delay. */
    public int unansweredNow() {
        return unanswered.get();
    }

    /** The most requests this receiver has had unanswered at the same moment. */
    public int mostUnansweredAtOnce() {
        return mostUnansweredAtOnce.get();
    }

    /** Waits until at least {@code count} requests have arrived and returns all of them. */
    public List<Request> awaitRequests(int count) throws InterruptedException {
        Await.until(count + " requests at " + url(), RelayServer.WAIT, () -> requestCount() >= count);
        return requests();
    }

    @Override
    public void close() {
        releaseAll();
        server.stop(0);
        threads.shutdownNow();
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            Request request = read(exchange);
            int nowUnanswered = unanswered.incrementAndGet();
            mostUnansweredAtOnce.accumulateAndGet(nowUnanswered, Math::max);
            Answer answer = record(request);
            waitIfHeld();
            waitTheDelay();
            // Counted as answered before the answer leaves: the relay cannot send the next request before it
            // has this answer, so a count taken after sending could see both at once.
            unanswered.decrementAndGet();
            answer.headers().forEach(exchange.getResponseHeaders()::add);
            byte[] body = answer.body().getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(answer.status(), body.length == 0 ? -1 : body.length);
            if (body.length > 0) {
                try (OutputStream out = exchange.getResponseBody()) {
                    out.write(body);
                }
            }
        }
    }

    private static Request read(HttpExchange exchange) throws IOException {
        long arrivedAt = System.nanoTime();
        Map<String, List<String>> headers = new LinkedHashMap<>();
        exchange.getRequestHeaders().forEach((name, values) -> headers.put(name.toLowerCase(Locale.ROOT), List.copyOf(values)));
        byte[] body;
        try (InputStream in = exchange.getRequestBody()) {
            body = in.readAllBytes();
        }
        return new Request(exchange.getRequestMethod(), exchange.getRequestURI().getPath(), Map.copyOf(headers), body, arrivedAt,
                exchange.getRemoteAddress().getAddress().getHostAddress());
    }

    private synchronized Answer record(Request request) {
        requests.add(request);
        Answer next = nextAnswers.poll();
        return next != null ? next : standingAnswer.apply(request);
    }

    private void waitTheDelay() {
        Duration delay = answerDelay;
        if (delay.isZero()) {
            return;
        }
        try {
            Thread.sleep(delay.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void waitIfHeld() {
        CountDownLatch held = hold;
        if (held == null) {
            return;
        }
        try {
            held.await(LONGEST_HOLD.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
