package io.hookrelay.it.api;

import static io.hookrelay.it.support.Json.fieldNames;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.hookrelay.it.support.ApiClient;
import io.hookrelay.it.support.ApiResponse;
import io.hookrelay.it.support.Json;
import io.hookrelay.it.support.Receiver;
import io.hookrelay.it.support.RefusingPort;
import io.hookrelay.it.support.RelayServer;
import io.hookrelay.queue.testing.Await;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every endpoint of DESIGN §5 on its happy path, against the real server: exact status codes, exact field
 * names, and the values a client relies on. Each test works on resources of its own, so they share one
 * server.
 */
class ManagementApiIT {
    private static final Pattern RFC_3339_UTC = Pattern.compile("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d{3})?Z");
    private static final Pattern ULID = Pattern.compile("[0-9A-HJKMNP-TV-Z]{26}");
    private static final List<Integer> DEFAULT_SCHEDULE = List.of(5, 300, 1800, 7200, 18000, 36000, 50400, 72000, 86400);
    private static final Set<String> DELIVERY_FIELDS =
            Set.of("id", "event_id", "target", "state", "attempts", "next_at", "last_error", "created_at", "updated_at");

    private static Path dataDir;

    @AutoClose
    private static RelayServer server;
    private static Receiver receiver;
    private static ApiClient api;

    @BeforeAll
    static void startServer(@TempDir Path dir) {
        dataDir = dir;
        server = RelayServer.start(dataDir);
        receiver = server.startReceiver();
        api = server.api();
    }

    @Test
    void sourcesAreCreatedListedReadReplacedAndDeletedWithoutEverShowingTheirSecret() {
        String githubSecret = "It's a Secret to Everybody";
        String whsec = whsec();
        JsonNode github = api.post("/api/v1/sources", """
                {"id":"src-github","verify":{"scheme":"hmac-sha256","secret":"%s"},
                 "idempotency_header":"X-GitHub-Delivery","event_type":{"header":"X-GitHub-Event"},"redact_headers":["X-Tenant-Token"],"forward_headers":[]}"""
                .formatted(githubSecret)).expect(201);
        assertThat(github).isEqualTo(Json.parse("""
                {"id":"src-github","verify":{"scheme":"hmac-sha256","header":"X-Hub-Signature-256","prefix":"sha256=","encoding":"hex"},
                 "idempotency_header":"X-GitHub-Delivery","event_type":{"header":"X-GitHub-Event"},"max_body_bytes":1048576,
                 "redact_headers":["x-tenant-token"],"forward_headers":[]}"""));
        JsonNode minimal = api.post("/api/v1/sources", "{\"id\":\"src-minimal\"}").expect(201);
        assertThat(minimal).isEqualTo(Json.parse("""
                {"id":"src-minimal","verify":{"scheme":"none"},"idempotency_header":null,"event_type":null,"max_body_bytes":1048576,
                 "redact_headers":[],"forward_headers":[]}"""));
        JsonNode standard = api.post("/api/v1/sources", """
                {"id":"src-standard","verify":{"scheme":"standard-webhooks","secret":"%s"},
                 "event_type":{"json_pointer":"/type"},"max_body_bytes":2048}""".formatted(whsec)).expect(201);
        assertThat(standard).isEqualTo(Json.parse("""
                {"id":"src-standard","verify":{"scheme":"standard-webhooks"},"idempotency_header":null,
                 "event_type":{"json_pointer":"/type"},"max_body_bytes":2048,"redact_headers":[],"forward_headers":[]}"""));

        ApiResponse list = api.get("/api/v1/sources");
        assertThat(fieldNames(list.expect(200))).containsExactly("data");
        assertThat(list.json().get("data")).contains(github, minimal, standard);
        assertThat(list.body()).doesNotContain(githubSecret, whsec, "secret");
        assertThat(api.get("/api/v1/sources/src-github").expect(200)).isEqualTo(github);

        JsonNode replaced = api.put("/api/v1/sources/src-github", """
                {"id":"src-github",
                 "verify":{"scheme":"hmac-sha256","secret":"rotated","header":"X-Signature","prefix":"","encoding":"base64"},
                 "max_body_bytes":4096}""").expect(200);
        JsonNode expectedReplacement = Json.parse("""
                {"id":"src-github","verify":{"scheme":"hmac-sha256","header":"X-Signature","prefix":"","encoding":"base64"},
                 "idempotency_header":null,"event_type":null,"max_body_bytes":4096,"redact_headers":[],"forward_headers":[]}""");
        assertThat(replaced).as("a PUT is the whole source: what it leaves out takes the default").isEqualTo(expectedReplacement);
        assertThat(api.get("/api/v1/sources/src-github").expect(200)).isEqualTo(expectedReplacement);
        assertThat(api.get("/api/v1/sources/src-github").body()).doesNotContain("rotated");

        assertError(409, "conflict", api.post("/api/v1/sources", "{\"id\":\"src-github\"}"));

        assertDeletedWithoutBody("/api/v1/sources/src-github");
        assertError(404, "not_found", api.get("/api/v1/sources/src-github"));
        assertError(404, "not_found", api.delete("/api/v1/sources/src-github"));
        assertThat(ids(api.get("/api/v1/sources").expect(200))).doesNotContain("src-github").contains("src-minimal");
    }

    @Test
    void aTargetShowsItsSecretOnlyWhenCreatedAndIsPausedResumedReplacedAndDeleted() {
        ApiResponse createdAnswer = api.post("/api/v1/targets", "{\"id\":\"tgt-defaults\",\"url\":\"" + receiver.url() + "\"}");
        JsonNode created = createdAnswer.expect(201);
        assertThat(fieldNames(created))
                .containsExactlyInAnyOrder("id", "url", "secret", "timeout_ms", "retry_schedule_s", "max_in_flight", "paused", "signature",
                        "rate_limit_per_s", "ordering", "blocked_by");
        String secret = created.get("secret").asText();
        assertThat(secret).startsWith("whsec_");
        assertThat(Base64.getDecoder().decode(secret.substring("whsec_".length()))).hasSize(32);
        assertThat(created.get("url").asText()).isEqualTo(receiver.url());
        assertThat(created.get("timeout_ms").asInt()).isEqualTo(15000);
        assertThat(integers(created.get("retry_schedule_s"))).isEqualTo(DEFAULT_SCHEDULE);
        assertThat(created.get("max_in_flight").asInt()).isEqualTo(10);
        assertThat(created.get("paused").asBoolean()).isFalse();

        String chosenSecret = whsec();
        JsonNode chosen = api.post("/api/v1/targets", """
                {"id":"tgt-chosen","url":"%s","secret":"%s","timeout_ms":2500,"retry_schedule_s":[0,1,60],"max_in_flight":3}"""
                .formatted(receiver.url(), chosenSecret)).expect(201);
        assertThat(chosen).isEqualTo(Json.parse("""
                {"id":"tgt-chosen","url":"%s","secret":"%s","timeout_ms":2500,"retry_schedule_s":[0,1,60],"max_in_flight":3,
                 "paused":false,"signature":"v1","rate_limit_per_s":null,"ordering":"none","blocked_by":null}"""
                .formatted(receiver.url(), chosenSecret)));

        JsonNode shown = api.get("/api/v1/targets/tgt-defaults").expect(200);
        assertThat(shown).isEqualTo(withoutSecret(created));
        ApiResponse list = api.get("/api/v1/targets");
        assertThat(list.expect(200).get("data")).contains(withoutSecret(created), withoutSecret(chosen));
        assertThat(list.body()).doesNotContain(secret, chosenSecret, "\"secret\"");

        JsonNode paused = api.post("/api/v1/targets/tgt-defaults/pause").expect(200);
        assertThat(paused.get("paused").asBoolean()).isTrue();
        assertThat(paused).isEqualTo(withoutSecret(created).put("paused", true));
        assertThat(api.get("/api/v1/targets/tgt-defaults").expect(200).get("paused").asBoolean()).isTrue();
        JsonNode resumed = api.post("/api/v1/targets/tgt-defaults/resume").expect(200);
        assertThat(resumed).isEqualTo(withoutSecret(created));

        String otherUrl = receiver.url() + "/other";
        JsonNode replaced = api.put("/api/v1/targets/tgt-chosen", "{\"url\":\"" + otherUrl + "\",\"timeout_ms\":1000}").expect(200);
        assertThat(replaced).isEqualTo(Json.parse("""
                {"id":"tgt-chosen","url":"%s","timeout_ms":1000,"retry_schedule_s":%s,"max_in_flight":10,"paused":false,"signature":"v1","rate_limit_per_s":null,
                 "ordering":"none","blocked_by":null}"""
                .formatted(otherUrl, DEFAULT_SCHEDULE)));
        assertThat(api.get("/api/v1/targets/tgt-chosen").expect(200)).isEqualTo(replaced);

        assertError(409, "conflict", api.post("/api/v1/targets", "{\"id\":\"tgt-defaults\",\"url\":\"" + receiver.url() + "\"}"));
        assertDeletedWithoutBody("/api/v1/targets/tgt-chosen");
        assertError(404, "not_found", api.get("/api/v1/targets/tgt-chosen"));
        assertError(404, "not_found", api.post("/api/v1/targets/tgt-chosen/pause"));
        assertThat(ids(api.get("/api/v1/targets").expect(200))).doesNotContain("tgt-chosen").contains("tgt-defaults");
    }

    @Test
    void routesAreCreatedListedAndDeletedAndGoWithTheirSource() {
        api.post("/api/v1/sources", "{\"id\":\"rts-source\"}").expect(201);
        api.post("/api/v1/targets", "{\"id\":\"rts-one\",\"url\":\"" + receiver.url() + "\"}").expect(201);
        api.post("/api/v1/targets", "{\"id\":\"rts-two\",\"url\":\"" + receiver.url() + "\"}").expect(201);

        JsonNode filtered = api.post("/api/v1/routes",
                "{\"source\":\"rts-source\",\"target\":\"rts-one\",\"event_types\":[\"order.paid\",\"invoice.*\"]}").expect(201);
        assertThat(fieldNames(filtered)).containsExactlyInAnyOrder("id", "source", "target", "event_types", "filters");
        assertThat(filtered.get("id").asText()).startsWith("rte_").satisfies(id -> assertThat(id.substring(4)).matches(ULID));
        assertThat(filtered).isEqualTo(Json.parse("""
                {"id":"%s","source":"rts-source","target":"rts-one","event_types":["invoice.*","order.paid"],"filters":[]}"""
                .formatted(filtered.get("id").asText())));
        assertError(409, "conflict", api.post("/api/v1/routes",
                "{\"source\":\"rts-source\",\"target\":\"rts-one\",\"event_types\":[\"invoice.*\",\"order.paid\",\"invoice.*\"]}"));
        assertThat(api.get("/api/v1/routes").expect(200).get("data")).as("the same filters in another order are the same route")
                .containsOnlyOnce(filtered);
        JsonNode everything = api.post("/api/v1/routes", "{\"source\":\"rts-source\",\"target\":\"rts-two\"}").expect(201);
        assertThat(everything.get("event_types")).as("no filter: every event").isEqualTo(Json.parse("[]"));

        JsonNode list = api.get("/api/v1/routes").expect(200);
        assertThat(fieldNames(list)).containsExactly("data");
        assertThat(list.get("data")).contains(filtered, everything);

        assertDeletedWithoutBody("/api/v1/routes/" + filtered.get("id").asText());
        assertError(404, "not_found", api.delete("/api/v1/routes/" + filtered.get("id").asText()));
        assertThat(api.get("/api/v1/routes").expect(200).get("data")).doesNotContain(filtered).contains(everything);

        assertThat(api.delete("/api/v1/sources/rts-source").status()).isEqualTo(204);
        assertThat(api.get("/api/v1/routes").expect(200).get("data")).as("a source's routes go with it").doesNotContain(everything);
    }

    @Test
    void eventsArePagedNewestFirstWithoutDuplicatesOrGaps() {
        api.post("/api/v1/sources", "{\"id\":\"pager\"}").expect(201);
        Set<String> ingested = new HashSet<>();
        for (int i = 0; i < 5; i++) {
            JsonNode accepted = api.ingest("pager", "text/plain", ("event " + i).getBytes(StandardCharsets.UTF_8), Map.of())
                    .expect(202);
            String eventId = accepted.get("event_id").asText();
            assertThat(accepted).isEqualTo(Json.parse("{\"event_id\":\"%s\",\"deliveries\":0}".formatted(eventId)));
            ingested.add(eventId);
        }

        List<String> seen = new ArrayList<>();
        List<Integer> pageSizes = new ArrayList<>();
        Optional<String> cursor = Optional.empty();
        do {
            JsonNode page = api.get("/api/v1/events?source=pager&limit=2" + cursor.map(c -> "&cursor=" + c).orElse("")).expect(200);
            assertThat(fieldNames(page)).containsExactlyInAnyOrder("data", "next_cursor");
            pageSizes.add(page.get("data").size());
            for (JsonNode event : page.get("data")) {
                assertThat(fieldNames(event))
                        .containsExactlyInAnyOrder("id", "source", "event_type", "received_at", "content_type", "body_bytes");
                assertThat(event.get("source").asText()).isEqualTo("pager");
                assertThat(event.get("event_type").isNull()).isTrue();
                assertThat(event.get("content_type").asText()).isEqualTo("text/plain");
                assertThat(event.get("body_bytes").asInt()).isEqualTo(7);
                assertThat(event.get("received_at").asText()).matches(RFC_3339_UTC);
                seen.add(event.get("id").asText());
            }
            cursor = page.get("next_cursor").isNull() ? Optional.empty() : Optional.of(page.get("next_cursor").asText());
        } while (cursor.isPresent());

        assertThat(pageSizes).containsExactly(2, 2, 1);
        assertThat(seen).doesNotHaveDuplicates().containsExactlyInAnyOrderElementsOf(ingested);
        assertThat(seen).as("newest first: ids sort by time").isSortedAccordingTo((a, b) -> b.compareTo(a));
        assertThat(ids(api.get("/api/v1/events").expect(200))).containsAll(ingested);
    }

    @Test
    void anEventKeepsItsHeadersAndExactBytesAndItsDeliveryKeepsTheAttemptLog() throws InterruptedException {
        api.post("/api/v1/sources", "{\"id\":\"binary\",\"event_type\":{\"header\":\"X-Event-Type\"}}").expect(201);
        api.post("/api/v1/targets", "{\"id\":\"binary-sink\",\"url\":\"" + receiver.url() + "\"}").expect(201);
        api.post("/api/v1/routes", "{\"source\":\"binary\",\"target\":\"binary-sink\",\"event_types\":[\"order.*\"]}").expect(201);
        byte[] body = new byte[512];
        for (int i = 0; i < body.length; i++) {
            body[i] = (byte) i;
        }
        Map<String, String> headers = Map.of("X-Event-Type", "order.paid", "X-Custom", "Hello, receiver",
                "Idempotency-Key", "order-1", "Authorization", "Bearer provider-credential", "Cookie", "session=provider");

        JsonNode accepted = api.ingest("binary", "application/octet-stream; profile=x", body, headers).expect(202);
        String eventId = accepted.get("event_id").asText();
        assertThat(eventId).startsWith("evt_").satisfies(id -> assertThat(id.substring(4)).matches(ULID));
        assertThat(accepted).isEqualTo(Json.parse("{\"event_id\":\"%s\",\"deliveries\":1}".formatted(eventId)));
        JsonNode duplicate = api.ingest("binary", "application/octet-stream; profile=x", body, headers).expect(200);
        assertThat(duplicate).isEqualTo(Json.parse("{\"event_id\":\"%s\",\"deliveries\":1,\"duplicate\":true}".formatted(eventId)));

        JsonNode event = api.get("/api/v1/events/" + eventId).expect(200);
        assertThat(fieldNames(event)).containsExactlyInAnyOrder(
                "id", "source", "event_type", "received_at", "content_type", "headers", "body_base64", "deliveries");
        assertThat(event.get("id").asText()).isEqualTo(eventId);
        assertThat(event.get("source").asText()).isEqualTo("binary");
        assertThat(event.get("event_type").asText()).isEqualTo("order.paid");
        assertThat(event.get("received_at").asText()).matches(RFC_3339_UTC);
        assertThat(Instant.parse(event.get("received_at").asText())).isBetween(Instant.now().minusSeconds(60), Instant.now());
        assertThat(event.get("content_type").asText()).isEqualTo("application/octet-stream; profile=x");
        assertThat(Base64.getDecoder().decode(event.get("body_base64").asText())).isEqualTo(body);
        assertThat(event.get("headers").get("x-custom").asText()).isEqualTo("Hello, receiver");
        assertThat(event.get("headers").get("x-event-type").asText()).isEqualTo("order.paid");
        assertThat(fieldNames(event.get("headers"))).doesNotContain("authorization", "cookie")
                .allMatch(name -> name.equals(name.toLowerCase(Locale.ROOT)));
        assertThat(event.get("deliveries")).hasSize(1);
        JsonNode reference = event.get("deliveries").get(0);
        assertThat(fieldNames(reference)).containsExactlyInAnyOrder("id", "target", "state");
        assertThat(reference.get("target").asText()).isEqualTo("binary-sink");
        String deliveryId = reference.get("id").asText();
        assertThat(deliveryId).startsWith("dlv_").satisfies(id -> assertThat(id.substring(4)).matches(ULID));

        Await.until("the delivery completes", RelayServer.WAIT,
                () -> api.get("/api/v1/deliveries/" + deliveryId).json().get("state").asText().equals("completed"));
        assertThat(receiver.requests()).anySatisfy(received -> assertThat(received.body()).isEqualTo(body));

        JsonNode delivery = api.get("/api/v1/deliveries/" + deliveryId).expect(200);
        Set<String> detailFields = new HashSet<>(DELIVERY_FIELDS);
        detailFields.add("attempt_log");
        assertThat(fieldNames(delivery)).containsExactlyInAnyOrderElementsOf(detailFields);
        assertThat(delivery.get("id").asText()).isEqualTo(deliveryId);
        assertThat(delivery.get("event_id").asText()).isEqualTo(eventId);
        assertThat(delivery.get("target").asText()).isEqualTo("binary-sink");
        assertThat(delivery.get("attempts").asInt()).isEqualTo(1);
        assertThat(delivery.get("last_error").isNull()).isTrue();
        assertThat(delivery.get("next_at").isNull()).as("a completed delivery is due no more").isTrue();
        for (String time : List.of("created_at", "updated_at")) {
            assertThat(delivery.get(time).asText()).as(time).matches(RFC_3339_UTC);
        }
        assertThat(delivery.get("attempt_log")).hasSize(1);
        JsonNode attempt = delivery.get("attempt_log").get(0);
        assertThat(fieldNames(attempt))
                .containsExactlyInAnyOrder("attempt", "outcome", "started_at", "duration_ms", "status_code", "error", "response_excerpt");
        assertThat(attempt.get("attempt").asInt()).isEqualTo(1);
        assertThat(attempt.get("outcome").asText()).isEqualTo("success");
        assertThat(attempt.get("started_at").asText()).matches(RFC_3339_UTC);
        assertThat(attempt.get("duration_ms").isIntegralNumber()).isTrue();
        assertThat(attempt.get("duration_ms").asLong()).isNotNegative();
        assertThat(attempt.get("status_code").asInt()).isEqualTo(200);
        assertThat(attempt.get("error").isNull()).isTrue();
        assertThat(api.get("/api/v1/events/" + eventId).expect(200).get("deliveries").get(0).get("state").asText())
                .isEqualTo("completed");
    }

    @Test
    void deliveriesAreFilteredCancelledRetriedAndReplayed() throws InterruptedException {
        api.post("/api/v1/sources", "{\"id\":\"fan\"}").expect(201);
        api.post("/api/v1/targets", "{\"id\":\"fan-fast\",\"url\":\"" + receiver.url() + "\"}").expect(201);
        api.post("/api/v1/targets", "{\"id\":\"fan-held\",\"url\":\"" + receiver.url() + "\"}").expect(201);
        api.post("/api/v1/targets/fan-held/pause").expect(200);
        api.post("/api/v1/routes", "{\"source\":\"fan\",\"target\":\"fan-fast\"}").expect(201);
        api.post("/api/v1/routes", "{\"source\":\"fan\",\"target\":\"fan-held\"}").expect(201);
        String first = api.ingest("fan", "application/json", "{\"n\":1}".getBytes(StandardCharsets.UTF_8), Map.of()).expect(202)
                .get("event_id").asText();
        String second = api.ingest("fan", "application/json", "{\"n\":2}".getBytes(StandardCharsets.UTF_8), Map.of()).expect(202)
                .get("event_id").asText();
        Await.until("both deliveries to the running target complete", RelayServer.WAIT,
                () -> api.get("/api/v1/deliveries?target=fan-fast&state=completed").json().get("data").size() == 2);

        JsonNode held = api.get("/api/v1/deliveries?target=fan-held").expect(200);
        assertThat(fieldNames(held)).containsExactlyInAnyOrder("data", "next_cursor");
        assertThat(held.get("next_cursor").isNull()).isTrue();
        assertThat(held.get("data")).hasSize(2).allSatisfy(delivery -> {
            assertThat(fieldNames(delivery)).containsExactlyInAnyOrderElementsOf(DELIVERY_FIELDS);
            assertThat(delivery.get("target").asText()).isEqualTo("fan-held");
            assertThat(delivery.get("state").asText()).as("a paused target's deliveries wait").isEqualTo("pending");
            assertThat(delivery.get("attempts").asInt()).isZero();
        });
        assertThat(api.get("/api/v1/deliveries?target=fan-held&state=pending").expect(200).get("data")).hasSize(2);
        assertThat(api.get("/api/v1/deliveries?target=fan-held&state=completed").expect(200).get("data")).isEmpty();
        JsonNode ofFirst = api.get("/api/v1/deliveries?event=" + first).expect(200);
        assertThat(ofFirst.get("data")).hasSize(2).allSatisfy(delivery -> assertThat(delivery.get("event_id").asText()).isEqualTo(first));
        assertThat(targets(ofFirst.get("data"))).containsExactlyInAnyOrder("fan-fast", "fan-held");
        assertThat(api.get("/api/v1/deliveries?event=" + second + "&target=fan-held&state=pending").expect(200).get("data"))
                .hasSize(1);
        assertThat(api.get("/api/v1/deliveries?limit=1").expect(200).get("next_cursor").isTextual()).isTrue();

        String waiting = api.get("/api/v1/deliveries?event=" + first + "&target=fan-held").expect(200).get("data").get(0)
                .get("id").asText();
        JsonNode cancelled = api.post("/api/v1/deliveries/" + waiting + "/cancel").expect(200);
        assertThat(fieldNames(cancelled)).containsExactlyInAnyOrderElementsOf(DELIVERY_FIELDS);
        assertThat(cancelled.get("state").asText()).isEqualTo("cancelled");
        assertThat(cancelled.get("next_at").isNull()).as("a cancelled delivery is due no more").isTrue();
        assertThat(api.get("/api/v1/deliveries/" + waiting).expect(200).get("state").asText()).isEqualTo("cancelled");
        JsonNode retried = api.post("/api/v1/deliveries/" + waiting + "/retry").expect(200);
        assertThat(fieldNames(retried)).containsExactlyInAnyOrderElementsOf(DELIVERY_FIELDS);
        assertThat(retried.get("state").asText()).isEqualTo("pending");
        assertThat(retried.get("next_at").asText()).as("a retried delivery is due again").matches(RFC_3339_UTC);

        api.post("/api/v1/targets/fan-held/resume").expect(200);
        Await.until("the resumed target gets its backlog", RelayServer.WAIT,
                () -> api.get("/api/v1/deliveries?target=fan-held&state=completed").json().get("data").size() == 2);

        JsonNode replay = api.post("/api/v1/events/" + first + "/replay").expect(202);
        assertThat(fieldNames(replay)).containsExactlyInAnyOrder("event_id", "deliveries");
        assertThat(replay.get("event_id").asText()).isEqualTo(first);
        assertThat(replay.get("deliveries")).hasSize(2).allSatisfy(delivery -> {
            assertThat(fieldNames(delivery)).containsExactlyInAnyOrder("id", "target", "state");
            assertThat(ids(ofFirst)).doesNotContain(delivery.get("id").asText());
        });
        assertThat(targets(replay.get("deliveries"))).containsExactlyInAnyOrder("fan-fast", "fan-held");
        Await.until("the replayed deliveries complete", RelayServer.WAIT,
                () -> api.get("/api/v1/deliveries?event=" + first + "&state=completed").json().get("data").size() == 4);
    }

    @Test
    void failedDeliveriesAreRetriedInBulk() throws InterruptedException {
        try (RefusingPort down = RefusingPort.open()) {
            api.post("/api/v1/sources", "{\"id\":\"doomed\"}").expect(201);
            api.post("/api/v1/targets", "{\"id\":\"down\",\"url\":\"" + down.url()
                    + "\",\"retry_schedule_s\":[]}").expect(201);
            api.post("/api/v1/routes", "{\"source\":\"doomed\",\"target\":\"down\"}").expect(201);
            for (int i = 0; i < 2; i++) {
                api.ingest("doomed", "application/json", "{}".getBytes(StandardCharsets.UTF_8), Map.of()).expect(202);
            }
            Await.until("both deliveries fail after their only attempt", RelayServer.WAIT,
                    () -> api.get("/api/v1/deliveries?target=down&state=failed").json().get("data").size() == 2);
            JsonNode failed = api.get("/api/v1/deliveries?target=down").expect(200).get("data").get(0);
            assertThat(failed.get("last_error").asText()).contains("connect_error");
            assertThat(failed.get("next_at").isNull()).as("a delivery that failed for good is due no more").isTrue();
            assertThat(api.get("/api/v1/deliveries/" + failed.get("id").asText()).expect(200).get("next_at").isNull()).isTrue();

            JsonNode none = api.post("/api/v1/deliveries/retry", "{\"state\":\"failed\",\"target\":\"down\",\"since\":\"%s\""
                    .formatted(Instant.now().plus(Duration.ofHours(1))) + "}").expect(200);
            assertThat(none).isEqualTo(Json.parse("{\"retried\":0}"));
            JsonNode retried = api.post("/api/v1/deliveries/retry", "{\"state\":\"failed\",\"target\":\"down\"}").expect(200);
            assertThat(retried).isEqualTo(Json.parse("{\"retried\":2}"));

            Await.until("both retried deliveries are attempted again", RelayServer.WAIT, () -> {
                JsonNode data = api.get("/api/v1/deliveries?target=down&state=failed").json().get("data");
                return data.size() == 2 && StreamSupport.stream(data.spliterator(), false).allMatch(d -> d.get("attempts").asInt() == 2);
            });
            JsonNode log = api.get("/api/v1/deliveries/" + failed.get("id").asText()).expect(200).get("attempt_log");
            assertThat(log).hasSize(2).allSatisfy(attempt -> {
                assertThat(attempt.get("status_code").isNull()).as("no response came back").isTrue();
                assertThat(attempt.get("error").asText()).startsWith("connect_error");
            });
        }
    }

    @Test
    void backupWritesAnOwnerOnlyCopyOfTheDatabaseInTheBackupDirectoryItCreatesOwnerOnly() throws Exception {
        Path backups = dataDir.resolve("backups");
        Path file = backups.resolve("hookrelay-backup.db");

        JsonNode backup = api.post("/api/v1/admin/backup", "{\"path\":\"hookrelay-backup.db\"}").expect(200);

        assertThat(fieldNames(backup)).containsExactlyInAnyOrder("path", "bytes");
        assertThat(backup.get("path").asText()).isEqualTo(file.toRealPath().toString());
        assertThat(backup.get("bytes").asLong()).isPositive().isEqualTo(Files.size(file));
        assertThat(sqliteHeader(Files.readAllBytes(file))).isEqualTo("SQLite format 3\0");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(backups))).isEqualTo("rwx------");
    }

    @Test
    void backupDownloadStreamsTheDatabaseAsAnAttachmentAndLeavesNothingOnTheServer() throws Exception {
        HttpRequest request = HttpRequest.newBuilder(server.baseUri().resolve("/api/v1/admin/backup"))
                .header("Authorization", "Bearer " + RelayServer.ADMIN_TOKEN).GET().build();

        HttpResponse<byte[]> response = HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofByteArray());

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.headers().firstValue("Content-Type")).contains("application/vnd.sqlite3");
        assertThat(response.headers().firstValue("Content-Length")).contains(Integer.toString(response.body().length));
        assertThat(response.headers().firstValue("Content-Disposition")).hasValueSatisfying(disposition -> assertThat(disposition)
                .matches("attachment; filename=\"hookrelay-\\d{8}T\\d{6}Z\\.db\""));
        assertThat(sqliteHeader(response.body())).isEqualTo("SQLite format 3\0");
        try (Stream<Path> files = Files.list(dataDir)) {
            assertThat(files.map(file -> file.getFileName().toString())).noneMatch(name -> name.startsWith("hookrelay-snapshot-"));
        }
    }

    private static String sqliteHeader(byte[] file) {
        return new String(Arrays.copyOf(file, 16), StandardCharsets.US_ASCII);
    }

    private static void assertDeletedWithoutBody(String path) {
        ApiResponse deleted = api.delete(path);
        assertThat(deleted.status()).as("%s", deleted).isEqualTo(204);
        assertThat(deleted.body()).isEmpty();
    }

    private static void assertError(int status, String code, ApiResponse response) {
        assertThat(response.expect(status)).isEqualTo(Json.parse("{\"error\":\"%s\",\"message\":%s}"
                .formatted(code, response.json().path("message").toString())));
    }

    private static ObjectNode withoutSecret(JsonNode target) {
        ObjectNode copy = target.deepCopy();
        copy.remove("secret");
        return copy;
    }

    private static List<Integer> integers(JsonNode array) {
        return StreamSupport.stream(array.spliterator(), false).map(JsonNode::asInt).toList();
    }

    /** The ids of a list answer's items. */
    private static List<String> ids(JsonNode list) {
        return StreamSupport.stream(list.get("data").spliterator(), false).map(item -> item.get("id").asText()).toList();
    }

    private static List<String> targets(JsonNode deliveries) {
        return StreamSupport.stream(deliveries.spliterator(), false).map(delivery -> delivery.get("target").asText()).toList();
    }

    private static String whsec() {
        byte[] key = new byte[32];
        Arrays.fill(key, (byte) 7);
        return "whsec_" + Base64.getEncoder().encodeToString(key);
    }
}
