package io.hookrelay.it.relay;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.hookrelay.app.HookrelayServer;
import io.hookrelay.app.Main;
import io.hookrelay.cli.ServeOptions;
import io.hookrelay.queue.testing.Await;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * hookrelay started in this JVM exactly as {@code hookrelay serve} starts it (same injector, same wiring,
 * a real SQLite file in the test's directory, port 0), and a client of its API that speaks only HTTP and
 * JSON, as an operator's script would.
 */
final class RelayServer implements AutoCloseable {
    static final String ADMIN_TOKEN = "relay-it-admin-token-0123456789abcdef";
    /** The liveness bound of every wait: generous, so a slow machine does not fail a test. Never a speed target. */
    static final Duration WAIT = Duration.ofSeconds(20);
    static final int WORKERS = 4;
    /** The server's own default. */
    static final int AUTO_PAUSE_AFTER = 20;

    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(10);
    private static final ObjectMapper JSON = JsonMapper.builder()
            .propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .defaultPropertyInclusion(JsonInclude.Value.construct(JsonInclude.Include.NON_NULL, JsonInclude.Include.NON_NULL))
            .build();

    private final HookrelayServer server;
    private final URI base;
    private final HttpClient http = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(REQUEST_TIMEOUT)
            .build();

    private RelayServer(HookrelayServer server) {
        this.server = server;
        this.base = URI.create("http://127.0.0.1:" + server.address().getPort());
    }

    static RelayServer start(Path dataDir) {
        return start(dataDir, WORKERS, AUTO_PAUSE_AFTER);
    }

    static RelayServer start(Path dataDir, int workers, int autoPauseAfter) {
        ServeOptions options = new ServeOptions(dataDir, "127.0.0.1", 0, workers, autoPauseAfter);
        return new RelayServer(HookrelayServer.start(Main.injector(options, Optional.of(ADMIN_TOKEN))));
    }

    /** A target as the API creates it; what is left null takes the server's default. */
    record NewTarget(String id, URI url, List<Integer> retryScheduleS, Integer maxInFlight) {
        static NewTarget to(String id, Receiver receiver) {
            return new NewTarget(id, receiver.url(), null, null);
        }

        NewTarget retrySchedule(Integer... seconds) {
            return new NewTarget(id, url, List.of(seconds), maxInFlight);
        }

        NewTarget maxInFlight(int limit) {
            return new NewTarget(id, url, retryScheduleS, limit);
        }
    }

    URI uri(String path) {
        return base.resolve(path);
    }

    // ---- raw HTTP

    ApiResponse get(String path) {
        return send(authorized(path).GET());
    }

    ApiResponse post(String path, String json) {
        return send(authorized(path).header("content-type", "application/json").POST(HttpRequest.BodyPublishers.ofString(json)));
    }

    ApiResponse postNoBody(String path) {
        return send(authorized(path).POST(HttpRequest.BodyPublishers.noBody()));
    }

    /** Sends {@code request} as it is: no admin token added. */
    ApiResponse send(HttpRequest.Builder request) {
        try {
            HttpResponse<String> response = http.send(request.timeout(REQUEST_TIMEOUT).build(), HttpResponse.BodyHandlers.ofString());
            return new ApiResponse(response.statusCode(), response.headers(), response.body());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for hookrelay", e);
        }
    }

    /** {@code POST /hooks/{source}} with exactly these headers and body, as a provider sends a webhook. */
    ApiResponse ingest(String sourceId, byte[] body, Map<String, String> headers) {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri("/hooks/" + sourceId))
                .POST(HttpRequest.BodyPublishers.ofByteArray(body));
        headers.forEach(request::header);
        return send(request);
    }

    /** Ingests a JSON body that the source must accept as a new event; returns the event id. */
    String accept(String sourceId, String json) {
        byte[] body = json.getBytes(StandardCharsets.UTF_8);
        return expect(202, ingest(sourceId, body, Map.of("content-type", "application/json"))).path("event_id").asText();
    }

    // ---- setup

    void createSource(String json) {
        expect(201, post("/api/v1/sources", json));
    }

    /** A source without verification that takes the event type from the body's {@code /type}, if any. */
    void createPlainSource(String id) {
        createSource("{\"id\":\"" + id + "\",\"event_type\":{\"json_pointer\":\"/type\"}}");
    }

    /** Creates the target and returns its signing secret, which only this answer shows. */
    String createTarget(NewTarget target) {
        String secret = expect(201, post("/api/v1/targets", write(target))).path("secret").asText();
        assertThat(secret).startsWith("whsec_");
        return secret;
    }

    String createRoute(String sourceId, String targetId, String... eventTypes) {
        Map<String, Object> route = Map.of("source", sourceId, "target", targetId, "event_types", List.of(eventTypes));
        return expect(201, post("/api/v1/routes", write(route))).path("id").asText();
    }

    // ---- reads

    JsonNode target(String id) {
        return expect(200, get("/api/v1/targets/" + id));
    }

    JsonNode delivery(String id) {
        return expect(200, get("/api/v1/deliveries/" + id));
    }

    List<JsonNode> events() {
        return data(expect(200, get("/api/v1/events?limit=500")));
    }

    List<JsonNode> deliveries() {
        return data(expect(200, get("/api/v1/deliveries?limit=500")));
    }

    List<JsonNode> deliveriesOfEvent(String eventId) {
        return data(expect(200, get("/api/v1/deliveries?limit=500&event=" + eventId)));
    }

    List<JsonNode> deliveriesToTarget(String targetId) {
        return data(expect(200, get("/api/v1/deliveries?limit=500&target=" + targetId)));
    }

    /** The id of the one delivery an event has. */
    String onlyDeliveryOf(String eventId) {
        List<JsonNode> deliveries = deliveriesOfEvent(eventId);
        assertThat(deliveries).as("deliveries of %s", eventId).hasSize(1);
        return deliveries.get(0).path("id").asText();
    }

    /** The id of the one delivery of an event to a target. */
    String deliveryOf(String eventId, String targetId) {
        List<JsonNode> deliveries = deliveriesOfEvent(eventId).stream()
                .filter(delivery -> targetId.equals(delivery.path("target").asText())).toList();
        assertThat(deliveries).as("deliveries of %s to %s", eventId, targetId).hasSize(1);
        return deliveries.get(0).path("id").asText();
    }

    /** Prometheus text from {@code /metrics}, which needs no token. */
    String metrics() {
        ApiResponse response = send(HttpRequest.newBuilder(uri("/metrics")).GET());
        assertThat(response.status()).isEqualTo(200);
        return response.body();
    }

    // ---- waits

    /** Waits until the delivery is in {@code state}, then returns it with its attempt log. */
    JsonNode awaitDelivery(String id, String state) throws InterruptedException {
        Await.until("delivery " + id + " " + state, WAIT, () -> state.equals(delivery(id).path("state").asText()));
        return delivery(id);
    }

    /** Waits until every delivery to the target is in {@code state}, then returns them. */
    List<JsonNode> awaitDeliveriesToTarget(String targetId, int count, String state) throws InterruptedException {
        Await.until(count + " deliveries to " + targetId + " " + state, WAIT, () -> {
            List<JsonNode> deliveries = deliveriesToTarget(targetId);
            return deliveries.size() == count && deliveries.stream().allMatch(d -> state.equals(d.path("state").asText()));
        });
        return deliveriesToTarget(targetId);
    }

    static JsonNode expect(int status, ApiResponse response) {
        assertThat(response.status()).as("answer: %s", response).isEqualTo(status);
        return response.json();
    }

    @Override
    public void close() {
        server.close();
    }

    private HttpRequest.Builder authorized(String path) {
        return HttpRequest.newBuilder(uri(path)).header("authorization", "Bearer " + ADMIN_TOKEN);
    }

    private static List<JsonNode> data(JsonNode page) {
        List<JsonNode> items = new ArrayList<>();
        page.path("data").forEach(items::add);
        return items;
    }

    private static String write(Object value) {
        try {
            return JSON.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
