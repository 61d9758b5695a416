package io.hookrelay.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class HttpServerTest {
    private static final Duration WAIT = Duration.ofSeconds(10);

    private final HttpClient client = HttpClient.newBuilder().connectTimeout(WAIT).build();
    private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    private final AtomicReference<ReadinessCheck> readiness = new AtomicReference<>(() -> Readiness.READY);
    private HttpServer server;
    private int port;

    @BeforeEach
    void start() {
        server = new HttpServer(HttpServerSettings.of("127.0.0.1", 0), () -> readiness.get().check(), registry);
        server.start();
        port = server.address().getPort();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void portZeroBindsARealPort() {
        assertThat(port).isPositive();
    }

    @Test
    void healthzSaysOk() throws Exception {
        HttpResponse<String> response = get("/healthz");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type")).hasValue("application/json");
        assertThat(response.body()).isEqualTo("{\"status\":\"ok\"}");
    }

    @Test
    void readyzSaysReadyWhenTheCheckPasses() throws Exception {
        HttpResponse<String> response = get("/readyz");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("{\"status\":\"ready\"}");
    }

    @Test
    void readyzSaysWhyItIsNotReady() throws Exception {
        readiness.set(() -> Readiness.notReady("database is not \"writable\""));

        HttpResponse<String> response = get("/readyz");

        assertThat(response.statusCode()).isEqualTo(503);
        assertThat(response.headers().firstValue("Content-Type")).hasValue("application/json");
        assertThat(response.body()).isEqualTo("{\"error\":\"not_ready\",\"message\":\"database is not \\\"writable\\\"\"}");
    }

    @Test
    void aFailingHandlerAnswers500WithoutTheExceptionText() throws Exception {
        readiness.set(() -> {
            throw new IllegalStateException("secret-token-123 at /var/lib/hookrelay");
        });

        HttpResponse<String> response = get("/readyz");

        assertThat(response.statusCode()).isEqualTo(500);
        assertThat(response.body()).isEqualTo("{\"error\":\"internal\",\"message\":\"internal error\"}");
    }

    @Test
    void metricsArePrometheusTextWithRegisteredMeters() throws Exception {
        registry.counter("test.requests", "route", "a").increment(3);

        HttpResponse<String> response = get("/metrics");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type")).hasValue("text/plain; version=0.0.4; charset=utf-8");
        assertThat(response.body()).contains("# TYPE test_requests_total counter")
                .contains("test_requests_total{route=\"a\"} 3.0");
    }

    @Test
    void unknownPathIs404Json() throws Exception {
        HttpResponse<String> response = get("/nope");

        assertThat(response.statusCode()).isEqualTo(404);
        assertThat(response.headers().firstValue("Content-Type")).hasValue("application/json");
        assertThat(response.body()).startsWith("{\"error\":\"not_found\",\"message\":\"");
    }

    @Test
    void wrongMethodIs405WithAllow() throws Exception {
        HttpResponse<String> response = client.send(
                request("/healthz").POST(HttpRequest.BodyPublishers.ofString("{}")).build(),
                HttpResponse.BodyHandlers.ofString());

        assertThat(response.statusCode()).isEqualTo(405);
        assertThat(response.headers().firstValue("Allow")).hasValue("GET");
        assertThat(response.body()).startsWith("{\"error\":\"method_not_allowed\",\"message\":\"");
    }

    @Test
    void requestsAreTimedByDeclaredEndpointMethodAndStatus() throws Exception {
        get("/healthz");
        get("/no/such/path/12345");
        client.send(request("/healthz").method("BREW", HttpRequest.BodyPublishers.noBody()).build(),
                HttpResponse.BodyHandlers.ofString());

        String metrics = get("/metrics").body();

        assertThat(metrics)
                .contains("http_server_requests_seconds_count{endpoint=\"/healthz\",method=\"GET\",status=\"200\"} 1")
                .contains("http_server_requests_seconds_count{endpoint=\"unmatched\",method=\"GET\",status=\"404\"} 1")
                .contains("http_server_requests_seconds_count{endpoint=\"/healthz\",method=\"other\",status=\"405\"} 1")
                .doesNotContain("12345")
                .doesNotContain("BREW");
    }

    @Test
    void closeLetsARequestInFlightFinishAndTurnsNewOnesAway() throws Exception {
        CountDownLatch entered = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        readiness.set(() -> {
            entered.countDown();
            awaitUninterruptibly(release);
            return Readiness.READY;
        });
        CompletableFuture<HttpResponse<String>> inFlight =
                client.sendAsync(request("/readyz").build(), HttpResponse.BodyHandlers.ofString());
        assertThat(entered.await(WAIT.toMillis(), TimeUnit.MILLISECONDS)).isTrue();

        CompletableFuture<Void> closing = CompletableFuture.runAsync(server::close);
        awaitTurnedAway("/healthz");
        assertThat(closing).isNotDone();
        release.countDown();

        assertThat(inFlight.get(WAIT.toMillis(), TimeUnit.MILLISECONDS).statusCode()).isEqualTo(200);
        closing.get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Polls until the draining server answers 503 to new requests. */
    private void awaitTurnedAway(String path) throws Exception {
        Instant deadline = Instant.now().plus(WAIT);
        while (get(path).statusCode() != 503) {
            assertThat(Instant.now()).as("server never started turning requests away").isBefore(deadline);
        }
    }

    private HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return client.send(request(path).GET().build(), HttpResponse.BodyHandlers.ofString());
    }

    private HttpRequest.Builder request(String path) {
        return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).timeout(WAIT);
    }

    private static void awaitUninterruptibly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
