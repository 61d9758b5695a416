package io.hookrelay.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.hookrelay.delivery.BulkRetry;
import io.hookrelay.delivery.BulkRetryPreview;
import io.hookrelay.delivery.Cursors;
import io.hookrelay.delivery.Delivery;
import io.hookrelay.delivery.DeliveryDetail;
import io.hookrelay.delivery.DeliveryFilter;
import io.hookrelay.delivery.DeliveryOrdering;
import io.hookrelay.delivery.Event;
import io.hookrelay.delivery.EventDetail;
import io.hookrelay.delivery.EventFilter;
import io.hookrelay.delivery.EventSummary;
import io.hookrelay.delivery.EventTypeSource;
import io.hookrelay.delivery.InboundRequest;
import io.hookrelay.delivery.IngestResult;
import io.hookrelay.delivery.JsonValue;
import io.hookrelay.delivery.Page;
import io.hookrelay.delivery.PageRequest;
import io.hookrelay.delivery.PayloadFilter;
import io.hookrelay.delivery.RateLimit;
import io.hookrelay.delivery.Route;
import io.hookrelay.delivery.Settings;
import io.hookrelay.delivery.SignatureScheme;
import io.hookrelay.delivery.Source;
import io.hookrelay.delivery.Target;
import io.hookrelay.delivery.TargetDraft;
import io.hookrelay.delivery.TargetView;
import io.hookrelay.delivery.Verification;
import io.hookrelay.delivery.VerificationScheme;
import io.hookrelay.delivery.admin.BackupAdmin;
import io.hookrelay.delivery.operator.OperatorEventType;
import io.hookrelay.queue.IntentState;
import java.math.BigDecimal;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Each endpoint turns its request into the right use-case call and the result into the right status and
 * JSON. The use cases are stand-ins that keep what they were asked; storage is it-tests' business.
 */
class EndpointsTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String EVENT = Samples.EVENT_ID;
    private static final String DELIVERY = Samples.DELIVERY_ID;

    /** What the stand-in use cases were given, in call order. */
    private final List<Object> given = new CopyOnWriteArrayList<>();
    private final List<String> threads = new CopyOnWriteArrayList<>();
    private final UnexpectedOperations operations = new Recording();
    private final RecordingIngest ingest = new RecordingIngest(
            Map.of("github", Source.DEFAULT_MAX_BODY_BYTES, "repeat", Source.DEFAULT_MAX_BODY_BYTES),
            source -> CompletableFuture.completedStage(source.equals("repeat") ? new IngestResult(EVENT, 1, true) : new IngestResult(EVENT, 2, false)));
    private final ApiServer server = new ApiServer(operations, ingest);

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void createSourceTakesOnlyAnIdAndFillsInTheDefaults() throws Exception {
        HttpResponse<String> response = server.send("POST", "/api/v1/sources", "{\"id\":\"plain\"}");

        assertThat(response.statusCode()).isEqualTo(201);
        assertThat(given).containsExactly(Samples.plainSource("plain"));
        assertThat(tree(response)).isEqualTo(tree(Json.write(SourceJson.of(Samples.plainSource("plain")))));
    }

    @Test
    void createSourceMapsEveryField() throws Exception {
        HttpResponse<String> response = server.send("POST", "/api/v1/sources", "{\"id\":\"github\",\"verify\":{\"scheme\":\"hmac-sha256\","
                + "\"secret\":\"gh-secret\"},\"idempotency_header\":\"X-GitHub-Delivery\",\"event_type\":{\"header\":\"X-GitHub-Event\"},"
                + "\"max_body_bytes\":2048}");

        assertThat(response.statusCode()).isEqualTo(201);
        assertThat(given).containsExactly(Samples.githubSource());
        assertThat(response.body()).doesNotContain("gh-secret");
    }

    @Test
    void aJsonPointerEventTypeAndAStripeSecret() throws Exception {
        server.send("POST", "/api/v1/sources", "{\"id\":\"stripe\",\"verify\":{\"scheme\":\"stripe\",\"secret\":\"whsec_abc\"},"
                + "\"event_type\":{\"json_pointer\":\"/type\"}}");

        assertThat(given).containsExactly(new Source("stripe", new Verification(VerificationScheme.STRIPE, "whsec_abc", null, null, null),
                Optional.empty(), new EventTypeSource.JsonPointer("/type"), Source.DEFAULT_MAX_BODY_BYTES));
    }

    @Test
    void listGetReplaceAndDeleteSources() throws Exception {
        HttpResponse<String> list = server.send("GET", "/api/v1/sources", null);
        HttpResponse<String> get = server.send("GET", "/api/v1/sources/github", null);
        HttpResponse<String> replace = server.send("PUT", "/api/v1/sources/github", "{\"max_body_bytes\":10}");
        HttpResponse<String> replaceWithId = server.send("PUT", "/api/v1/sources/github", "{\"id\":\"github\"}");
        HttpResponse<String> delete = server.send("DELETE", "/api/v1/sources/github", null);

        assertThat(list.statusCode()).isEqualTo(200);
        assertThat(tree(list).get("data")).hasSize(1);
        assertThat(get.statusCode()).isEqualTo(200);
        assertThat(tree(get).get("id").asText()).isEqualTo("github");
        assertThat(replace.statusCode()).isEqualTo(200);
        assertThat(replaceWithId.statusCode()).isEqualTo(200);
        assertThat(delete.statusCode()).isEqualTo(204);
        assertThat(delete.body()).isEmpty();
        assertThat(given).containsExactly("github",
                new Source("github", Verification.none(), Optional.empty(), new EventTypeSource.None(), 10),
                Samples.plainSource("github"), "github");
    }

    @Test
    void createTargetWithDefaultsAnswersWithTheSecret() throws Exception {
        HttpResponse<String> response = server.send("POST", "/api/v1/targets", "{\"id\":\"billing\",\"url\":\"https://billing.example/hooks\"}");

        assertThat(response.statusCode()).isEqualTo(201);
        assertThat(given).containsExactly(new TargetDraft("billing", URI.create("https://billing.example/hooks"), Optional.empty(),
                Target.DEFAULT_TIMEOUT, Target.DEFAULT_RETRY_SCHEDULE, Target.DEFAULT_MAX_IN_FLIGHT, Optional.empty(), Optional.empty()));
        assertThat(tree(response).get("secret").asText()).isEqualTo(Samples.SECRET);
    }

    @Test
    void createTargetMapsEveryField() throws Exception {
        server.send("POST", "/api/v1/targets", "{\"id\":\"billing\",\"url\":\"https://billing.example/hooks\",\"secret\":\"" + Samples.SECRET
                + "\",\"timeout_ms\":2500,\"retry_schedule_s\":[0,5,300],\"max_in_flight\":4,\"rate_limit_per_s\":2.5,\"signature\":\"v1\",\"ordering\":\"fifo\"}");

        assertThat(given).containsExactly(new TargetDraft("billing", URI.create("https://billing.example/hooks"), Optional.of(Samples.SECRET),
                Duration.ofMillis(2500), List.of(Duration.ZERO, Duration.ofSeconds(5), Duration.ofMinutes(5)), 4,
                Optional.of(new RateLimit(2.5)), Optional.of(SignatureScheme.V1), DeliveryOrdering.FIFO));
    }

    @Test
    void targetAnswersOtherThanCreateNeverShowTheSecret() throws Exception {
        List<HttpResponse<String>> responses = List.of(
                server.send("GET", "/api/v1/targets", null),
                server.send("GET", "/api/v1/targets/billing", null),
                server.send("PUT", "/api/v1/targets/billing", "{\"url\":\"https://billing.example/v2\",\"secret\":\"" + Samples.SECRET + "\"}"),
                server.send("POST", "/api/v1/targets/billing/pause", null),
                server.send("POST", "/api/v1/targets/billing/resume", "{}"));

        assertThat(responses).allSatisfy(response -> {
            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(response.body()).doesNotContain("secret").doesNotContain("whsec_");
        });
        assertThat(given).contains(new TargetDraft("billing", URI.create("https://billing.example/v2"), Optional.of(Samples.SECRET),
                Target.DEFAULT_TIMEOUT, Target.DEFAULT_RETRY_SCHEDULE, Target.DEFAULT_MAX_IN_FLIGHT, Optional.empty(), Optional.empty()),
                "pause billing",
                "resume billing");
        assertThat(server.send("DELETE", "/api/v1/targets/billing", null).statusCode()).isEqualTo(204);
    }

    /** A rotation's answer is the one besides a create's that shows the secret; without a body it takes the defaults. */
    @Test
    void rotatingASecretAnswersWithTheNewOne() throws Exception {
        HttpResponse<String> asked = server.send("POST", "/api/v1/targets/billing/rotate-secret", "{\"grace_s\":60,\"signature\":\"v1a\"}");
        HttpResponse<String> defaults = server.send("POST", "/api/v1/targets/billing/rotate-secret", null);

        assertThat(asked.statusCode()).isEqualTo(200);
        assertThat(tree(asked).get("secret").asText()).isEqualTo(Samples.SECRET);
        assertThat(defaults.statusCode()).isEqualTo(200);
        assertThat(given).containsExactly("rotate billing PT1M Optional[V1A]", "rotate billing PT24H Optional.empty");
    }

    @Test
    void routesAreCreatedListedAndDeleted() throws Exception {
        HttpResponse<String> created = server.send("POST", "/api/v1/routes", "{\"source\":\"github\",\"target\":\"billing\","
                + "\"event_types\":[\"push\",\"issue.*\"],\"filters\":[{\"pointer\":\"/ref\",\"prefix\":\"refs/heads/\"},"
                + "{\"pointer\":\"/deleted\",\"equals\":null},{\"pointer\":\"/size\",\"in\":[1.5,true,\"x\"]}]}");
        HttpResponse<String> everything = server.send("POST", "/api/v1/routes", "{\"source\":\"github\",\"target\":\"billing\"}");
        HttpResponse<String> list = server.send("GET", "/api/v1/routes", null);
        HttpResponse<String> deleted = server.send("DELETE", "/api/v1/routes/" + Samples.ROUTE_ID, null);

        assertThat(created.statusCode()).isEqualTo(201);
        assertThat(tree(created).get("id").asText()).isEqualTo(Samples.ROUTE_ID);
        assertThat(everything.statusCode()).isEqualTo(201);
        assertThat(list.statusCode()).isEqualTo(200);
        assertThat(deleted.statusCode()).isEqualTo(204);
        assertThat(given).containsExactly(List.of("github", "billing", List.of("push", "issue.*"), List.of(
                        new PayloadFilter("/ref", new PayloadFilter.Prefix("refs/heads/")),
                        new PayloadFilter("/deleted", new PayloadFilter.Equals(JsonValue.Null.NULL)),
                        new PayloadFilter("/size", new PayloadFilter.OneOf(List.of(new JsonValue.Decimal(new BigDecimal("1.5")),
                                new JsonValue.Bool(true), new JsonValue.Text("x")))))),
                List.of("github", "billing", List.of(), List.of()), Samples.ROUTE_ID);
    }

    @Test
    void eventsAreListedAPageAtATime() throws Exception {
        HttpResponse<String> first = server.send("GET", "/api/v1/events", null);
        HttpResponse<String> next = server.send("GET", "/api/v1/events?source=github&limit=2&cursor=" + Cursors.encode(EVENT), null);

        assertThat(first.statusCode()).isEqualTo(200);
        assertThat(tree(first).get("next_cursor").asText()).isEqualTo(Cursors.encode(EVENT));
        assertThat(tree(first).get("data").get(0).get("body_bytes").asInt()).isEqualTo(14);
        assertThat(given).containsExactly(
                List.of(EventFilter.all(), new PageRequest(PageRequest.DEFAULT_LIMIT, Optional.empty())),
                List.of(EventFilter.ofSource("github"), new PageRequest(2, Optional.of(EVENT))));
        assertThat(next.statusCode()).isEqualTo(200);
    }

    @Test
    void eventsAreFilteredByTypeAndTimeAndFoundByIdempotencyKey() throws Exception {
        HttpResponse<String> filtered = server.send("GET",
                "/api/v1/events?type=push&since=2024-05-01T12:00:00Z&until=2024-05-01T14:00:00%2B01:00", null);
        HttpResponse<String> byKey = server.send("GET", "/api/v1/events?source=github&idempotency_key=abc%20123", null);

        assertThat(filtered.statusCode()).isEqualTo(200);
        assertThat(byKey.statusCode()).isEqualTo(200);
        assertThat(tree(byKey).get("data")).isEmpty();
        assertThat(given).containsExactly(
                List.of(new EventFilter(Optional.empty(), Optional.of("push"), Optional.of(Instant.parse("2024-05-01T12:00:00Z")),
                        Optional.of(Instant.parse("2024-05-01T13:00:00Z"))), new PageRequest(PageRequest.DEFAULT_LIMIT, Optional.empty())),
                "key github abc 123");
    }

    @Test
    void anEventIsShownAndReplayed() throws Exception {
        HttpResponse<String> shown = server.send("GET", "/api/v1/events/" + EVENT, null);
        HttpResponse<String> replayed = server.send("POST", "/api/v1/events/" + EVENT + "/replay", null);

        assertThat(shown.statusCode()).isEqualTo(200);
        assertThat(tree(shown).get("body_base64").asText()).isEqualTo("eyJyZWYiOiJtYWluIn0=");
        assertThat(replayed.statusCode()).isEqualTo(202);
        assertThat(tree(replayed)).isEqualTo(JSON.readTree("{\"event_id\":\"" + EVENT + "\",\"deliveries\":[{\"id\":\"" + DELIVERY
                + "\",\"target\":\"billing\",\"state\":\"pending\"}]}"));
        assertThat(given).containsExactly("get " + EVENT, "replay " + EVENT);
    }

    @Test
    void deliveriesAreFilteredAndPaged() throws Exception {
        HttpResponse<String> response = server.send("GET", "/api/v1/deliveries?state=failed&target=billing&event=" + EVENT
                + "&limit=500&cursor=" + Cursors.encode(DELIVERY), null);

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(tree(response).get("next_cursor").isNull()).isTrue();
        assertThat(given).containsExactly(List.of(
                new DeliveryFilter(Optional.of(IntentState.FAILED), Optional.of("billing"), Optional.of(EVENT)),
                new PageRequest(500, Optional.of(DELIVERY))));
    }

    @Test
    void aDeliveryIsShownRetriedAndCancelled() throws Exception {
        HttpResponse<String> shown = server.send("GET", "/api/v1/deliveries/" + DELIVERY, null);
        HttpResponse<String> retried = server.send("POST", "/api/v1/deliveries/" + DELIVERY + "/retry", null);
        HttpResponse<String> cancelled = server.send("POST", "/api/v1/deliveries/" + DELIVERY + "/cancel", "{}");

        assertThat(shown.statusCode()).isEqualTo(200);
        assertThat(tree(shown).get("attempt_log").isArray()).isTrue();
        assertThat(retried.statusCode()).isEqualTo(200);
        assertThat(tree(retried).get("state").asText()).isEqualTo("pending");
        assertThat(cancelled.statusCode()).isEqualTo(200);
        assertThat(tree(cancelled).get("state").asText()).isEqualTo("cancelled");
        assertThat(given).containsExactly("get " + DELIVERY, "retry " + DELIVERY, "cancel " + DELIVERY);
    }

    @Test
    void bulkRetrySaysHowMany() throws Exception {
        HttpResponse<String> response = server.send("POST", "/api/v1/deliveries/retry",
                "{\"state\":\"failed\",\"target\":\"billing\",\"since\":\"2024-05-01T14:00:00+02:00\"}");
        server.send("POST", "/api/v1/deliveries/retry", "{\"state\":\"cancelled\"}");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("{\"retried\":3}");
        assertThat(given).containsExactly(
                new BulkRetry(IntentState.FAILED, Optional.of("billing"), Optional.of(Instant.parse("2024-05-01T12:00:00Z"))),
                new BulkRetry(IntentState.CANCELLED, Optional.empty(), Optional.empty()));
    }

    @Test
    void aBulkRetryDryRunSaysHowManyWouldBeRetriedAndRetriesNone() throws Exception {
        HttpResponse<String> response = server.send("POST", "/api/v1/deliveries/retry",
                "{\"state\":\"failed\",\"since\":\"2024-05-01T12:00:00Z\",\"until\":\"2024-05-01T13:00:00Z\",\"dry_run\":true}");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("{\"would_retry\":10000,\"more\":true}");
        assertThat(given).containsExactly("preview " + new BulkRetry(IntentState.FAILED, Optional.empty(),
                Optional.of(Instant.parse("2024-05-01T12:00:00Z")), Optional.of(Instant.parse("2024-05-01T13:00:00Z"))));
    }

    @Test
    void backupPassesThePathAsGivenAndAnswersWhereAndHowBig() throws Exception {
        HttpResponse<String> response = server.send("POST", "/api/v1/admin/backup", "{\"path\":\"nightly/hookrelay.db\"}");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("{\"path\":\"/var/backups/nightly/hookrelay.db\",\"bytes\":8192}");
        assertThat(given).containsExactly("backup to nightly/hookrelay.db");
    }

    @Test
    void ingestPassesTheBodyByteForByteWithLowerCasedHeaders() throws Exception {
        byte[] body = {0, (byte) 0xff, '{', '}', '\n'};

        HttpResponse<String> response = server.send(server.request("/hooks/github?token=ignored")
                .header("Content-Type", "application/json; charset=utf-8")
                .header("X-GitHub-Event", "push")
                .header("X-Multi", "a").header("X-Multi", "b")
                .POST(HttpRequest.BodyPublishers.ofByteArray(body)).build());

        assertThat(response.statusCode()).isEqualTo(202);
        assertThat(response.body()).isEqualTo("{\"event_id\":\"" + EVENT + "\",\"deliveries\":2}");
        InboundRequest request = ingest.ingested.get(0);
        assertThat(ingest.admitted).containsExactly("github");
        assertThat(request.body()).isEqualTo(body);
        assertThat(request.contentType()).isEqualTo("application/json; charset=utf-8");
        assertThat(request.headers()).containsEntry("x-github-event", "push").containsEntry("x-multi", "a, b")
                .containsEntry("content-length", "5");
    }

    /** A percent-encoded '?' is part of the source's id, not the end of the path. */
    @Test
    void anIngestPathWithAnEncodedQuestionMarkNamesNoSource() throws Exception {
        HttpResponse<String> response = server.send(server.request("/hooks/github%3Fx").POST(HttpRequest.BodyPublishers.ofString("{}")).build());

        assertThat(response.statusCode()).isEqualTo(404);
        assertThat(ingest.admitted).containsExactly("github?x");
    }

    @Test
    void aRepeatedIdempotencyKeyIs200Duplicate() throws Exception {
        HttpResponse<String> response = server.send(server.request("/hooks/repeat").POST(HttpRequest.BodyPublishers.ofString("{}")).build());

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("{\"event_id\":\"" + EVENT + "\",\"deliveries\":1,\"duplicate\":true}");
    }

    @Test
    void anIngestWithoutContentTypePassesEmptyText() throws Exception {
        server.send(server.request("/hooks/github").POST(HttpRequest.BodyPublishers.noBody()).build());

        assertThat(ingest.ingested.get(0).contentType()).isEmpty();
        assertThat(ingest.ingested.get(0).body()).isEmpty();
    }

    @Test
    void useCasesRunOnWorkerThreadsNeverOnIoThreads() throws Exception {
        server.send("GET", "/api/v1/sources", null);
        server.send(server.request("/hooks/github").POST(HttpRequest.BodyPublishers.ofString("{}")).build());

        assertThat(threads).hasSize(1).allSatisfy(name -> assertThat(name).contains("task").doesNotContain("I/O"));
        assertThat(ingest.threads).hasSize(2).allSatisfy(name -> assertThat(name).contains("task").doesNotContain("I/O"));
    }

    @Test
    void requestsAreTimedByRouteTemplateNeverById() throws Exception {
        server.send("GET", "/api/v1/deliveries/" + DELIVERY, null);

        String metrics = server.send(server.request("/metrics"), "GET", null).body();

        assertThat(metrics).contains("endpoint=\"/api/v1/deliveries/{id}\"").doesNotContain(DELIVERY);
    }

    private static JsonNode tree(HttpResponse<String> response) throws Exception {
        return JSON.readTree(response.body());
    }

    private static JsonNode tree(byte[] json) throws Exception {
        return JSON.readTree(json);
    }

    /** Stand-in use cases: they note what they were given (and on which thread) and answer with samples. */
    @Test
    void settingsAreReadAndReplacedWhole() throws Exception {
        HttpResponse<String> read = server.send("GET", "/api/v1/settings", null);
        HttpResponse<String> set = server.send("PUT", "/api/v1/settings", "{\"operator_target\":\"pager\"}");
        HttpResponse<String> cleared = server.send("PUT", "/api/v1/settings", "{}");

        assertThat(tree(read)).isEqualTo(JSON.readTree("{\"operator_target\":\"ops\"}"));
        assertThat(tree(set)).isEqualTo(JSON.readTree("{\"operator_target\":\"pager\"}"));
        assertThat(tree(cleared)).isEqualTo(JSON.readTree("{\"operator_target\":null}"));
        assertThat(given).containsExactly(new Settings(Optional.of("pager")), Settings.NONE);
    }

    @Test
    void settingsThatAreNotASettingsObjectAreRefusedBeforeAnyUseCase() throws Exception {
        for (String bad : List.of("{\"operator_target\":\"Pager!\"}", "{\"operator_target\":7}", "{\"pager\":true}", "[]", "")) {
            assertThat(server.send("PUT", "/api/v1/settings", bad).statusCode()).as(bad).isEqualTo(400);
        }
        assertThat(given).isEmpty();
    }

    @Test
    void operatorEventsAreListedWithTheirDataAndTheirDeliveries() throws Exception {
        HttpResponse<String> response = server.send("GET", "/api/v1/operator-events?type=target.paused&limit=5", null);

        assertThat(response.statusCode()).isEqualTo(200);
        JsonNode event = tree(response).get("data").get(0);
        assertThat(event.get("type").asText()).isEqualTo("target.paused");
        assertThat(event.get("data")).isEqualTo(JSON.readTree("{\"target_id\":\"billing\",\"reason\":\"operator\"}"));
        assertThat(event.get("deliveries").get(0).get("state").asText()).isEqualTo("completed");
        assertThat(given).containsExactly(Optional.of(OperatorEventType.TARGET_PAUSED), new PageRequest(5, Optional.empty()));
    }

    @Test
    void anOperatorEventTypeOrFilterTheApiDoesNotKnowIsRefused() throws Exception {
        assertThat(server.send("GET", "/api/v1/operator-events?type=target.exploded", null).statusCode()).isEqualTo(400);
        assertThat(server.send("GET", "/api/v1/operator-events?source=shop", null).statusCode()).isEqualTo(400);
        assertThat(given).isEmpty();
    }

    private final class Recording extends UnexpectedOperations {
        private void given(Object... arguments) {
            threads.add(Thread.currentThread().getName());
            given.addAll(new ArrayList<>(List.of(arguments)));
        }

        @Override
        public Source createSource(Source source) {
            given(source);
            return source;
        }

        @Override
        public List<Source> listSources() {
            threads.add(Thread.currentThread().getName());
            return List.of(Samples.githubSource());
        }

        @Override
        public Source getSource(String id) {
            given(id);
            return Samples.githubSource();
        }

        @Override
        public Source replaceSource(Source source) {
            given(source);
            return source;
        }

        @Override
        public void deleteSource(String id) {
            given(id);
        }

        @Override
        public Target createTarget(TargetDraft draft) {
            given(draft);
            return Samples.target();
        }

        @Override
        public List<TargetView> listTargets() {
            return List.of(Samples.pausedTarget());
        }

        @Override
        public TargetView getTarget(String id) {
            return Samples.pausedTarget();
        }

        @Override
        public TargetView replaceTarget(TargetDraft draft) {
            given(draft);
            return Samples.pausedTarget();
        }

        @Override
        public void deleteTarget(String id) {
            given("delete " + id);
        }

        @Override
        public TargetView pauseTarget(String id) {
            given("pause " + id);
            return Samples.pausedTarget();
        }

        @Override
        public TargetView rotateSecret(String id, Duration grace, Optional<SignatureScheme> scheme) {
            given("rotate " + id + " " + grace + " " + scheme);
            return Samples.pausedTarget();
        }

        @Override
        public TargetView resumeTarget(String id) {
            given("resume " + id);
            return new TargetView(Samples.target(), false);
        }

        @Override
        public Route createRoute(String sourceId, String targetId, List<String> eventTypes, List<PayloadFilter> filters) {
            given(List.of(sourceId, targetId, eventTypes, filters));
            return Samples.route();
        }

        @Override
        public List<Route> listRoutes() {
            return List.of(Samples.route());
        }

        @Override
        public void deleteRoute(String id) {
            given(id);
        }

        @Override
        public Page<EventSummary> listEvents(EventFilter filter, PageRequest page) {
            given(List.of(filter, page));
            EventSummary summary = new EventSummary(EVENT, "github", Optional.of("push"), Samples.RECEIVED, "application/json", 14);
            return new Page<>(List.of(summary), Optional.of(EVENT));
        }

        @Override
        public Settings getSettings() {
            threads.add(Thread.currentThread().getName());
            return new Settings(Optional.of("ops"));
        }

        @Override
        public Settings replaceSettings(Settings settings) {
            given(settings);
            return settings;
        }

        @Override
        public Page<EventDetail> listOperatorEvents(Optional<OperatorEventType> type, PageRequest page) {
            given(type, page);
            Event paused = new Event(EVENT, "_hookrelay", Optional.of("target.paused"), Samples.RECEIVED, "application/json", Map.of(),
                    "{\"type\":\"target.paused\",\"data\":{\"target_id\":\"billing\",\"reason\":\"operator\"}}"
                            .getBytes(StandardCharsets.UTF_8));
            return new Page<>(List.of(new EventDetail(paused, List.of(Samples.delivery(IntentState.COMPLETED, "")))), Optional.empty());
        }

        @Override
        public Page<EventSummary> eventWithIdempotencyKey(String sourceId, String key) {
            given("key " + sourceId + " " + key);
            return new Page<>(List.of(), Optional.empty());
        }

        @Override
        public EventDetail getEvent(String id) {
            given("get " + id);
            return new EventDetail(Samples.event(), List.of());
        }

        @Override
        public List<Delivery> replayEvent(String id) {
            given("replay " + id);
            return List.of(Samples.delivery(IntentState.PENDING, ""));
        }

        @Override
        public Page<Delivery> listDeliveries(DeliveryFilter filter, PageRequest page) {
            given(List.of(filter, page));
            return new Page<>(List.of(Samples.delivery(IntentState.FAILED, "http_5xx: receiver answered 500")), Optional.empty());
        }

        @Override
        public DeliveryDetail getDelivery(String id) {
            given("get " + id);
            return new DeliveryDetail(Samples.delivery(IntentState.PENDING, ""), List.of());
        }

        @Override
        public Delivery retryDelivery(String id) {
            given("retry " + id);
            return Samples.delivery(IntentState.PENDING, "");
        }

        @Override
        public Delivery cancelDelivery(String id) {
            given("cancel " + id);
            return Samples.delivery(IntentState.CANCELLED, "");
        }

        @Override
        public int retryDeliveries(BulkRetry request) {
            given(request);
            return 3;
        }

        @Override
        public BulkRetryPreview previewRetryDeliveries(BulkRetry request) {
            given("preview " + request);
            return new BulkRetryPreview(10_000, true);
        }

        @Override
        public BackupAdmin.SavedBackup saveBackup(String path) {
            given("backup to " + path);
            return new BackupAdmin.SavedBackup(Path.of("/var/backups").resolve(path), 8192);
        }
    }
}
