package io.hookrelay.delivery.jdk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.hookrelay.delivery.model.DeliveryAttemptOutcome;
import io.hookrelay.delivery.port.SendException;
import io.hookrelay.delivery.port.WebhookRequest;
import io.hookrelay.delivery.port.WebhookResponse;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class JdkWebhookSenderTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    private final JdkWebhookSender sender = new JdkWebhookSender();
    private final BlockingQueue<Received> received = new LinkedBlockingQueue<>();
    private final CountDownLatch releaseStalledReceivers = new CountDownLatch(1);
    private ExecutorService receiverThreads;
    private HttpServer receiver;

    /** A request as the receiver saw it. */
    private record Received(String method, String path, Map<String, List<String>> headers, byte[] body) {
    }

    @BeforeEach
    void startReceiver() throws IOException {
        receiverThreads = Executors.newCachedThreadPool();
        receiver = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        receiver.setExecutor(receiverThreads);
        receiver.start();
    }

    @AfterEach
    void stopReceiver() {
        releaseStalledReceivers.countDown();
        receiver.stop(0);
        receiverThreads.shutdownNow();
    }

    @Test
    void postsTheBodyAndHeadersExactlyAndReturnsTheAnswer() throws Exception {
        answer("/hook", 200, Map.of(), "thanks".getBytes(StandardCharsets.UTF_8));
        byte[] body = new byte[256];
        for (int i = 0; i < body.length; i++) {
            body[i] = (byte) i;
        }
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("content-type", "application/octet-stream");
        headers.put("webhook-id", "evt_01HQ3Z8N6W2X4Y5Z6A7B8C9D0E");
        headers.put("webhook-signature", "v1,abc+/=");
        headers.put("user-agent", "hookrelay/1.2.3");
        headers.put("x-hookrelay-attempt", "2");

        WebhookResponse response = sent(new WebhookRequest(url("/hook?token=a%20b"), headers, body, TIMEOUT));

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.excerpt()).isEqualTo("thanks");
        assertThat(response.retryAfter()).isEmpty();
        Received request = received.take();
        assertThat(request.method()).isEqualTo("POST");
        assertThat(request.path()).isEqualTo("/hook?token=a%20b");
        assertThat(request.body()).isEqualTo(body);
        headers.forEach((name, value) -> assertThat(request.headers()).containsEntry(name, List.of(value)));
        assertThat(request.headers()).containsEntry("content-length", List.of("256"));
    }

    @Test
    void anErrorStatusIsAnAnswerNotAFailure() throws Exception {
        answer("/hook", 500, Map.of(), "database down".getBytes(StandardCharsets.UTF_8));

        WebhookResponse response = sent(post("/hook", TIMEOUT));

        assertThat(response.statusCode()).isEqualTo(500);
        assertThat(response.excerpt()).isEqualTo("database down");
    }

    @Test
    void aRedirectIsReturnedNotFollowed() throws Exception {
        AtomicInteger redirectedTo = new AtomicInteger();
        answer("/old", 302, Map.of("location", url("/new").toString()), new byte[0]);
        receiver.createContext("/new", exchange -> {
            redirectedTo.incrementAndGet();
            respond(exchange, 200, Map.of(), new byte[0]);
        });

        WebhookResponse response = sent(post("/old", TIMEOUT));

        assertThat(response.statusCode()).isEqualTo(302);
        assertThat(received.take().path()).isEqualTo("/old");
        assertThat(redirectedTo).hasValue(0);
    }

    @Test
    void readsRetryAfter() throws Exception {
        answer("/hook", 429, Map.of("Retry-After", "120"), "slow down".getBytes(StandardCharsets.UTF_8));

        WebhookResponse response = sent(post("/hook", TIMEOUT));

        assertThat(response.statusCode()).isEqualTo(429);
        assertThat(response.retryAfter()).contains("120");
    }

    @Test
    void keepsOnlyTheFirstFourKibibytesOfALongBody() throws Exception {
        byte[] page = "0123456789abcdef".repeat(4096).getBytes(StandardCharsets.UTF_8);
        answer("/hook", 503, Map.of(), page);

        WebhookResponse response = sent(post("/hook", TIMEOUT));

        assertThat(response.statusCode()).isEqualTo(503);
        assertThat(response.excerpt()).isEqualTo(new String(page, 0, 4096, StandardCharsets.UTF_8));
    }

    @Test
    void aCharacterCutInTwoByTheExcerptIsDroppedAndBadBytesAreReplaced() throws Exception {
        byte[] page = new byte[5000];
        page[0] = (byte) 0xff;
        for (int i = 1; i < page.length; i++) {
            page[i] = 'a';
        }
        byte[] euro = "€".getBytes(StandardCharsets.UTF_8);
        System.arraycopy(euro, 0, page, 4095, euro.length);
        answer("/hook", 400, Map.of(), page);

        WebhookResponse response = sent(post("/hook", TIMEOUT));

        assertThat(response.excerpt()).isEqualTo("\uFFFD" + "a".repeat(4094));
    }

    @Test
    void aReceiverThatNeverAnswersTimesOut() throws Exception {
        CountDownLatch requestArrived = new CountDownLatch(1);
        receiver.createContext("/stalled", exchange -> {
            requestArrived.countDown();
            awaitRelease();
            respond(exchange, 200, Map.of(), new byte[0]);
        });

        assertThatThrownBy(() -> sent(post("/stalled", Duration.ofMillis(200))))
                .isInstanceOfSatisfying(SendException.class, failure -> {
                    assertThat(failure.outcome()).isEqualTo(DeliveryAttemptOutcome.TIMEOUT);
                    assertThat(failure).hasMessage("no response within 200 ms");
                });
        assertThat(requestArrived.await(10, TimeUnit.SECONDS)).as("the request reached the receiver").isTrue();
    }

    @Test
    void aReceiverThatStallsInTheMiddleOfItsBodyTimesOut() throws Exception {
        receiver.createContext("/trickle", exchange -> {
            exchange.sendResponseHeaders(200, 100);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write("part of it".getBytes(StandardCharsets.UTF_8));
                out.flush();
                awaitRelease();
            }
        });

        assertThatThrownBy(() -> sent(post("/trickle", Duration.ofMillis(200))))
                .isInstanceOfSatisfying(SendException.class,
                        failure -> assertThat(failure.outcome()).isEqualTo(DeliveryAttemptOutcome.TIMEOUT));
    }

    @Test
    void aClosedPortIsAConnectError() throws Exception {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = socket.getLocalPort();
        }
        URI nowhere = URI.create("http://127.0.0.1:" + closedPort + "/hook?token=secret");

        assertThatThrownBy(() -> sent(new WebhookRequest(nowhere, Map.of(), new byte[1], TIMEOUT)))
                .isInstanceOfSatisfying(SendException.class, failure -> {
                    assertThat(failure.outcome()).isEqualTo(DeliveryAttemptOutcome.CONNECT_ERROR);
                    assertThat(failure).hasMessageStartingWith("could not connect to 127.0.0.1:" + closedPort)
                            .hasMessageNotContaining("secret");
                });
    }

    @Test
    void aConnectionDroppedBeforeAnAnswerIsAnIoError() throws Exception {
        receiver.createContext("/drop", HttpExchange::close);

        assertThatThrownBy(() -> sent(post("/drop", TIMEOUT)))
                .isInstanceOfSatisfying(SendException.class,
                        failure -> assertThat(failure.outcome()).isEqualTo(DeliveryAttemptOutcome.IO_ERROR));
    }

    @Test
    void aCancelledSendClosesItsConnection() throws Exception {
        CountDownLatch requestArrived = new CountDownLatch(1);
        CountDownLatch connectionClosed = new CountDownLatch(1);
        receiver.createContext("/stalled", exchange -> {
            requestArrived.countDown();
            exchange.sendResponseHeaders(200, 0);
            try (OutputStream out = exchange.getResponseBody()) {
                // Chunks until the client goes away, which a write then finds out.
                while (connectionClosed.getCount() > 0) {
                    out.write(new byte[] {'.'});
                    out.flush();
                    Thread.sleep(20);
                }
            } catch (IOException | InterruptedException gone) {
                connectionClosed.countDown();
            }
        });
        CompletableFuture<WebhookResponse> exchange = sender.send(post("/stalled", TIMEOUT));
        assertThat(requestArrived.await(10, TimeUnit.SECONDS)).isTrue();

        exchange.cancel(true);

        assertThat(connectionClosed.await(10, TimeUnit.SECONDS)).as("the receiver saw the connection closed").isTrue();
        assertThat(exchange).isCancelled();
    }

    @Test
    void waitingForTheReceiverHoldsNoThreadOfTheCaller() throws Exception {
        receiver.createContext("/stalled", exchange -> awaitRelease());

        CompletableFuture<WebhookResponse> exchange = sender.send(post("/stalled", TIMEOUT));

        assertThat(exchange).as("send returned before any answer").isNotDone();
        exchange.cancel(true);
    }

    /** Waits for the answer as the attempt's stage would, failing with what the exchange failed with. */
    private WebhookResponse sent(WebhookRequest request) throws Exception {
        return Sending.answerOf(sender, request);
    }

    private void answer(String path, int status, Map<String, String> headers, byte[] body) {
        receiver.createContext(path, exchange -> {
            received.add(new Received(exchange.getRequestMethod(), exchange.getRequestURI().toString(),
                    lowerCased(exchange), exchange.getRequestBody().readAllBytes()));
            respond(exchange, status, headers, body);
        });
    }

    private static Map<String, List<String>> lowerCased(HttpExchange exchange) {
        Map<String, List<String>> headers = new LinkedHashMap<>();
        exchange.getRequestHeaders().forEach((name, values) -> headers.put(name.toLowerCase(Locale.ROOT), values));
        return headers;
    }

    private static void respond(HttpExchange exchange, int status, Map<String, String> headers, byte[] body) throws IOException {
        headers.forEach((name, value) -> exchange.getResponseHeaders().add(name, value));
        exchange.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }

    private void awaitRelease() {
        try {
            releaseStalledReceivers.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private WebhookRequest post(String path, Duration timeout) {
        return new WebhookRequest(url(path), Map.of("content-type", "text/plain"), "hello".getBytes(StandardCharsets.UTF_8), timeout);
    }

    private URI url(String pathAndQuery) {
        return URI.create("http://127.0.0.1:" + receiver.getAddress().getPort() + pathAndQuery);
    }
}
