package io.hookrelay.it.support;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.google.inject.Module;
import io.hookrelay.app.HookrelayServer;
import io.hookrelay.app.Main;
import io.hookrelay.cli.serve.DatabaseUrl;
import io.hookrelay.cli.serve.ServeOptions;
import io.hookrelay.queue.testing.Await;
import io.hookrelay.storage.postgres.testing.PostgresTestDatabase;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.UnaryOperator;

/**
 * hookrelay started in this JVM exactly as {@code hookrelay serve} starts it ({@link Main#injector}, the same
 * wiring, a real SQLite file in the test's directory, a port the OS picks), with the steps an operator's
 * script takes against its API: create, read, wait. They speak only HTTP and JSON, through {@link #api()}.
 *
 * <p>Receivers started by {@link #startReceiver()} belong to the server and are closed with it, after it
 * has stopped: a request a receiver holds can then never keep the relay's shutdown waiting.
 */
public final class RelayServer implements AutoCloseable {
    /** What an operator would put in {@code HOOKRELAY_ADMIN_TOKEN}. */
    public static final String ADMIN_TOKEN = "it-admin-token-0123456789abcdef";
    /** What {@code HOOKRELAY_SECRET_KEY} gives a node on PostgreSQL: 32 bytes, base64. */
    private static final String SECRET_KEY = Base64.getEncoder().encodeToString(
            "it-server-secret-key-32-bytes!!!".getBytes(StandardCharsets.US_ASCII));
    /** The liveness bound of every wait: generous, so a slow machine does not fail a test. Never a speed target. */
    public static final Duration WAIT = Duration.ofSeconds(30);
    public static final int WORKERS = 4;
    /** The server's own default. */
    public static final int AUTO_PAUSE_AFTER = 20;

    private final HookrelayServer server;
    private final ApiClient api;
    private final List<Receiver> receivers = new CopyOnWriteArrayList<>();

    private RelayServer(HookrelayServer server, String adminToken) {
        this.server = server;
        this.api = new ApiClient(baseUri(), Optional.of(adminToken));
    }

    /** A server whose admin token comes from the environment, as {@link #ADMIN_TOKEN}. */
    public static RelayServer start(Path dataDir) {
        return start(dataDir, WORKERS, AUTO_PAUSE_AFTER);
    }

    /** A server with {@code serve}'s own defaults for what the tests usually set. */
    public static RelayServer startWithDefaults(Path dataDir) {
        return start(dataDir, ServeOptions.DEFAULT_WORKERS, AUTO_PAUSE_AFTER);
    }

    public static RelayServer start(Path dataDir, int workers, int autoPauseAfter) {
        return new RelayServer(serve(dataDir, workers, autoPauseAfter, Optional.of(ADMIN_TOKEN)), ADMIN_TOKEN);
    }

    /** A server whose options differ from the test defaults as {@code adjust} makes them, such as its egress policy. */
    public static RelayServer startWith(Path dataDir, UnaryOperator<ServeOptions> adjust) {
        ServeOptions options = adjust.apply(ServeOptions.of(dataDir, "127.0.0.1", 0, WORKERS).withAutoPauseAfter(AUTO_PAUSE_AFTER));
        return new RelayServer(HookrelayServer.start(Main.injector(options, Optional.of(ADMIN_TOKEN))), ADMIN_TOKEN);
    }

    /**
     * A server whose wiring has some bindings replaced (see {@link Main#injector(ServeOptions, Optional, Module...)}):
     * for the few tests that must reach behind a port, such as injecting store failures or moving the clock.
     */
    public static RelayServer startReplacing(Path dataDir, Module... replacements) {
        return new RelayServer(serve(dataDir, WORKERS, AUTO_PAUSE_AFTER, Optional.of(ADMIN_TOKEN), replacements), ADMIN_TOKEN);
    }

    /**
     * A server on the PostgreSQL database {@code databaseUrl} ({@code postgresql://…}), as {@code serve --database} starts it,
     * with the tests' one secret key, so a server started again on the same database opens the secrets the first sealed.
     */
    public static RelayServer startOnPostgres(Path dataDir, String databaseUrl) {
        return startOnPostgres(dataDir, databaseUrl, UnaryOperator.identity());
    }

    /** A server on PostgreSQL, as {@link #startOnPostgres(Path, String)} starts one, with its options as {@code adjust} makes them. */
    public static RelayServer startOnPostgres(Path dataDir, String databaseUrl, UnaryOperator<ServeOptions> adjust) {
        return onPostgres(adjust.apply(ServeOptions.of(dataDir, "127.0.0.1", 0, WORKERS).withAutoPauseAfter(AUTO_PAUSE_AFTER)), databaseUrl);
    }

    /** A server on PostgreSQL with {@code serve}'s own defaults for what the tests usually set. */
    public static RelayServer startOnPostgresWithDefaults(Path dataDir, String databaseUrl) {
        return onPostgres(ServeOptions.of(dataDir, "127.0.0.1", 0, ServeOptions.DEFAULT_WORKERS).withAutoPauseAfter(AUTO_PAUSE_AFTER),
                databaseUrl);
    }

    private static RelayServer onPostgres(ServeOptions options, String databaseUrl) {
        return new RelayServer(HookrelayServer.start(Main.injector(options.withDatabase(DatabaseUrl.parse(databaseUrl)), ADMIN_TOKEN, SECRET_KEY)),
                ADMIN_TOKEN);
    }

    /**
     * A server on {@code postgres} emptied first, for scenario classes that start one server per test: the test before
     * has stopped its server, so nothing holds the tables this drops.
     */
    public static RelayServer startOnEmptySchema(Path dataDir, PostgresTestDatabase postgres) throws SQLException {
        return startOnEmptySchema(dataDir, postgres, UnaryOperator.identity());
    }

    /** A server on {@code postgres} emptied first, with its options as {@code adjust} makes them. */
    public static RelayServer startOnEmptySchema(Path dataDir, PostgresTestDatabase postgres, UnaryOperator<ServeOptions> adjust)
            throws SQLException {
        postgres.execute("DROP SCHEMA public CASCADE");
        postgres.execute("CREATE SCHEMA public");
        return startOnPostgres(dataDir, postgres.url(), adjust);
    }

    /** A server without a token in the environment: it reads, or on a first start creates, {@code <dataDir>/admin.token}. */
    public static RelayServer startWithTokenFile(Path dataDir) {
        HookrelayServer server = serve(dataDir, WORKERS, AUTO_PAUSE_AFTER, Optional.empty());
        return new RelayServer(server, tokenFileOf(dataDir));
    }

    public URI baseUri() {
        return URI.create("http://127.0.0.1:" + server.address().getPort());
    }

    /** A client of this server's API that sends the admin token. */
    public ApiClient api() {
        return api;
    }

    /** A new receiver on loopback for this server's targets to deliver to, closed with the server. */
    public Receiver startReceiver() {
        Receiver receiver = Receiver.start();
        receivers.add(receiver);
        return receiver;
    }

    // ---- setup

    public void createSource(String json) {
        api.post("/api/v1/sources", json).expect(201);
    }

    /** A source without verification that takes the event type from the body's {@code /type}, if any. */
    public void createPlainSource(String id) {
        createSource("{\"id\":\"" + id + "\",\"event_type\":{\"json_pointer\":\"/type\"}}");
    }

    /** Creates the target and returns its signing secret, which only this answer shows. */
    public String createTarget(NewTarget target) {
        String secret = api.post("/api/v1/targets", target.json()).expect(201).path("secret").asText();
        assertThat(secret).startsWith("whsec_");
        return secret;
    }

    /** Routes the events of {@code sourceId} whose type matches one of {@code eventTypes} (none: all); returns the route's id. */
    public String createRoute(String sourceId, String targetId, String... eventTypes) {
        Map<String, Object> route = Map.of("source", sourceId, "target", targetId, "event_types", List.of(eventTypes));
        return api.post("/api/v1/routes", Json.write(route)).expect(201).path("id").asText();
    }

    /** Creates the target and a route to it, as {@link #createRoute} makes one; returns the target's signing secret. */
    public String createRoutedTarget(String sourceId, NewTarget target, String... eventTypes) {
        String secret = createTarget(target);
        createRoute(sourceId, target.id(), eventTypes);
        return secret;
    }

    /** Ingests a JSON body that the source must accept as a new event; returns the event id. */
    public String accept(String sourceId, String json) {
        return api.ingest(sourceId, "application/json", json.getBytes(StandardCharsets.UTF_8), Map.of())
                .expect(202).path("event_id").asText();
    }

    // ---- reads

    public JsonNode target(String id) {
        return api.get("/api/v1/targets/" + id).expect(200);
    }

    public JsonNode delivery(String id) {
        return api.get("/api/v1/deliveries/" + id).expect(200);
    }

    public List<JsonNode> events() {
        return data("/api/v1/events?limit=500");
    }

    public List<JsonNode> deliveries() {
        return data("/api/v1/deliveries?limit=500");
    }

    public List<JsonNode> deliveriesOfEvent(String eventId) {
        return data("/api/v1/deliveries?limit=500&event=" + eventId);
    }

    public List<JsonNode> deliveriesToTarget(String targetId) {
        return data("/api/v1/deliveries?limit=500&target=" + targetId);
    }

    /** The id of the one delivery an event has. */
    public String onlyDeliveryOf(String eventId) {
        List<JsonNode> deliveries = deliveriesOfEvent(eventId);
        assertThat(deliveries).as("deliveries of %s", eventId).hasSize(1);
        return deliveries.get(0).path("id").asText();
    }

    /** The id of the one delivery of an event to a target. */
    public String deliveryOf(String eventId, String targetId) {
        List<JsonNode> deliveries = deliveriesOfEvent(eventId).stream()
                .filter(delivery -> targetId.equals(delivery.path("target").asText())).toList();
        assertThat(deliveries).as("deliveries of %s to %s", eventId, targetId).hasSize(1);
        return deliveries.get(0).path("id").asText();
    }

    /** Prometheus text from {@code /metrics}, which needs no token. */
    public String metrics() {
        ApiResponse response = api.withToken(Optional.empty()).get("/metrics");
        assertThat(response.status()).as("answer: %s", response).isEqualTo(200);
        return response.body();
    }

    // ---- waits

    /** Waits until the delivery is in {@code state}, then returns it with its attempt log. */
    public JsonNode awaitDelivery(String id, String state) throws InterruptedException {
        Await.until("delivery " + id + " " + state, WAIT, () -> state.equals(delivery(id).path("state").asText()));
        return delivery(id);
    }

    /** Waits until the target has {@code count} deliveries, all in {@code state}, then returns them. */
    public List<JsonNode> awaitDeliveriesToTarget(String targetId, int count, String state) throws InterruptedException {
        Await.until(count + " deliveries to " + targetId + " " + state, WAIT, () -> {
            List<JsonNode> deliveries = deliveriesToTarget(targetId);
            return deliveries.size() == count && deliveries.stream().allMatch(d -> state.equals(d.path("state").asText()));
        });
        return deliveriesToTarget(targetId);
    }

    @Override
    public void close() {
        receivers.forEach(Receiver::releaseAll);
        try {
            server.close();
        } finally {
            receivers.forEach(Receiver::close);
        }
    }

    private List<JsonNode> data(String listPath) {
        List<JsonNode> items = new ArrayList<>();
        api.get(listPath).expect(200).path("data").forEach(items::add);
        return items;
    }

    private static HookrelayServer serve(Path dataDir, int workers, int autoPauseAfter, Optional<String> tokenFromEnvironment,
                                         Module... replacements) {
        ServeOptions options = ServeOptions.of(dataDir, "127.0.0.1", 0, workers).withAutoPauseAfter(autoPauseAfter);
        return HookrelayServer.start(Main.injector(options, tokenFromEnvironment, replacements));
    }

    /** The token a server started by {@link #startWithTokenFile} keeps in its data directory. */
    private static String tokenFileOf(Path dataDir) {
        try {
            return Files.readString(dataDir.resolve("admin.token"), StandardCharsets.UTF_8).strip();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
