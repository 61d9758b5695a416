package io.hookrelay.it.operator;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.hookrelay.it.support.ApiClient;
import io.hookrelay.it.support.NewTarget;
import io.hookrelay.it.support.NodeStandardWebhooks;
import io.hookrelay.it.support.Receiver;
import io.hookrelay.it.support.RelayServer;
import io.hookrelay.queue.testing.Await;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Operator events at a real operator target, on each backend: a target paused by auto-pause, by a {@code 410} and by an
 * operator, each once; deliveries that failed for good; a recovery at the first success after a resume. Each reaches
 * the operator target signed, verified with the Standard Webhooks library from the npm registry, and is listed by
 * {@code GET /api/v1/operator-events}. The operator target's own failures tell nothing.
 */
abstract class OperatorEventScenarios {
    private static final Duration PATIENCE = Duration.ofSeconds(30);
    private static final ObjectMapper JSON = new ObjectMapper();

    abstract RelayServer startServer(Path dataDir) throws Exception;

    @Test
    void eachBreakAndEachRecoveryReachesTheOperatorTargetSignedAndOnce(@TempDir Path dataDir) throws Exception {
        try (RelayServer relay = startServer(dataDir)) {
            Receiver operator = relay.startReceiver();
            Receiver failing = relay.startReceiver();
            Receiver gone = relay.startReceiver();
            AtomicInteger erpAnswers = new AtomicInteger(500);
            failing.answerBy(request -> Receiver.Answer.status(erpAnswers.get()));
            gone.answerOtherwise(Receiver.Answer.status(410));
            relay.createPlainSource("shop");
            String secret = relay.createTarget(NewTarget.to("ops", operator));
            relay.createRoutedTarget("shop", NewTarget.to("erp", failing).retrySchedule());
            relay.createRoutedTarget("shop", NewTarget.to("crm", gone));
            relay.createTarget(NewTarget.to("search", relay.startReceiver()));
            assertThat(relay.api().put("/api/v1/settings", "{\"operator_target\":\"ops\"}").expect(200)
                    .path("operator_target").asText()).isEqualTo("ops");

            for (int i = 0; i < RelayServer.AUTO_PAUSE_AFTER; i++) {
                relay.accept("shop", "{\"type\":\"order.placed\",\"n\":" + i + "}");
            }
            Await.until("erp and crm paused, as operator events tell", PATIENCE,
                    () -> paused(relay, "erp").equals(List.of("auto_pause")) && paused(relay, "crm").equals(List.of("gone")));
            assertThat(relay.target("erp").path("paused").asBoolean()).isTrue();
            assertThat(relay.target("crm").path("paused").asBoolean()).isTrue();

            String held = relay.accept("shop", "{\"type\":\"order.placed\",\"n\":\"held\"}");
            erpAnswers.set(200);
            relay.api().post("/api/v1/targets/erp/resume").expect(200);
            relay.awaitDelivery(relay.deliveryOf(held, "erp"), "completed");
            Await.until("erp recovered", PATIENCE, () -> ofType(relay, "target.recovered").size() == 1);
            relay.api().post("/api/v1/targets/search/pause").expect(200);
            relay.api().post("/api/v1/targets/search/pause").expect(200);
            relay.api().post("/api/v1/targets/crm/pause").expect(200);

            Await.until("each delivery that failed for good told", PATIENCE, () -> ofType(relay, "delivery.failed").size()
                    == relay.api().get("/api/v1/deliveries?state=failed&limit=500").expect(200).path("data").size());
            List<JsonNode> listed = all(relay.api());
            assertThat(paused(relay, "search")).as("two pauses in a row are one").containsExactly("operator");
            assertThat(paused(relay, "crm")).as("pausing a paused target tells nothing").containsExactly("gone");
            JsonNode recovered = ofType(relay, "target.recovered").get(0);
            assertThat(recovered.path("data").path("target_id").asText()).isEqualTo("erp");
            List<JsonNode> failures = ofType(relay, "delivery.failed");
            assertThat(failures).extracting(event -> event.path("data").path("target_id").asText())
                    .contains("erp", "crm").containsOnly("erp", "crm");
            JsonNode failure = failures.get(failures.size() - 1);
            assertThat(failure.path("data").path("attempts").asInt()).isEqualTo(1);
            assertThat(failure.path("data").path("source_id").asText()).isEqualTo("shop");
            assertThat(failure.path("data").path("error").asText()).isNotEmpty();
            assertThat(relay.delivery(failure.path("data").path("delivery_id").asText()).path("state").asText()).isEqualTo("failed");

            Await.until("every operator event at the operator target", PATIENCE, () -> operator.requestCount() >= listed.size());
            Map<String, Receiver.Request> arrivals = operator.requests().stream()
                    .collect(Collectors.toMap(request -> request.header("webhook-id").orElseThrow(), request -> request, (a, b) -> a));
            assertThat(arrivals.keySet()).containsExactlyInAnyOrderElementsOf(listed.stream().map(event -> event.path("id").asText()).toList());
            for (JsonNode event : List.of(recovered, failure, ofType(relay, "target.paused").get(0))) {
                Receiver.Request arrival = arrivals.get(event.path("id").asText());
                assertThat(NodeStandardWebhooks.verify(secret, arrival)).as("the signature of %s", event).isEqualTo("verified");
                JsonNode body = JSON.readTree(arrival.body());
                assertThat(body.path("type").asText()).isEqualTo(event.path("type").asText());
                assertThat(body.path("timestamp").asText()).isEqualTo(event.path("timestamp").asText());
                assertThat(body.path("data")).isEqualTo(event.path("data"));
                assertThat(arrival.header("x-hookrelay-event-type")).contains(event.path("type").asText());
                assertThat(event.path("deliveries").get(0).path("target").asText()).isEqualTo("ops");
            }
            assertThat(relay.metrics()).contains("relay_operator_events_total{type=\"target.paused\"} 3.0",
                    "relay_operator_events_total{type=\"target.recovered\"} 1.0");
            Await.until("each failure counted as it is listed", PATIENCE, () -> relay.metrics().contains(
                    "relay_operator_events_total{type=\"delivery.failed\"} " + ofType(relay, "delivery.failed").size() + ".0"));
            System.out.printf("[figures] %s operator events=%d (delivery.failed=%d), arrivals at the operator target=%d%n",
                    getClass().getSimpleName(), listed.size(), failures.size(), operator.requestCount());
        }
    }

    @Test
    void theOperatorTargetsOwnFailuresTellNothing(@TempDir Path dataDir) throws Exception {
        try (RelayServer relay = startServer(dataDir)) {
            Receiver operator = relay.startReceiver();
            operator.answerOtherwise(Receiver.Answer.status(500));
            Receiver failing = relay.startReceiver();
            failing.answerOtherwise(Receiver.Answer.status(500));
            relay.createPlainSource("shop");
            relay.createRoutedTarget("shop", NewTarget.to("ops", operator).retrySchedule());
            relay.createTarget(NewTarget.to("erp", failing).retrySchedule());
            relay.api().put("/api/v1/settings", "{\"operator_target\":\"ops\"}").expect(200);

            String own = relay.onlyDeliveryOf(relay.accept("shop", "{\"type\":\"order.placed\"}"));
            relay.awaitDelivery(own, "failed");
            relay.createRoute("shop", "erp");
            String second = relay.accept("shop", "{\"type\":\"order.paid\"}");
            Await.until("erp's failure told", PATIENCE, () -> ofType(relay, "delivery.failed").size() == 1);
            JsonNode told = ofType(relay, "delivery.failed").get(0);
            relay.awaitDelivery(told.path("deliveries").get(0).path("id").asText(), "failed");
            String third = relay.accept("shop", "{\"type\":\"order.shipped\"}");
            Await.until("the next failure of erp told", PATIENCE, () -> ofType(relay, "delivery.failed").size() == 2);

            List<JsonNode> listed = all(relay.api());
            assertThat(listed).extracting(event -> event.path("data").path("target_id").asText()).containsOnly("erp");
            assertThat(listed).extracting(event -> event.path("data").path("event_id").asText()).containsExactly(third, second);
            assertThat(operator.requestCount()).as("every delivery to ops was tried once").isGreaterThanOrEqualTo(3);
            relay.api().post("/api/v1/targets/ops/pause").expect(200);
            assertThat(ofType(relay, "target.paused")).as("a pause of the operator target is told nowhere").isEmpty();
        }
    }

    /**
     * An operator event is an event of its reserved source: listed by it, and replayed to the operator target of
     * today. It carries the hop count of the webhook whose failure it tells of, so an operator target leading back
     * into a relay cannot loop.
     */
    @Test
    void anOperatorEventIsListedByItsSourceCarriesItsWebhooksHopsAndReplaysToTheOperatorTarget(@TempDir Path dataDir)
            throws Exception {
        try (RelayServer relay = startServer(dataDir)) {
            Receiver operator = relay.startReceiver();
            Receiver failing = relay.startReceiver();
            failing.answerOtherwise(Receiver.Answer.status(500));
            relay.createPlainSource("shop");
            relay.createRoutedTarget("shop", NewTarget.to("erp", failing).retrySchedule());
            String secret = relay.createTarget(NewTarget.to("ops", operator));
            String webhook = relay.api().ingest("shop", "application/json", "{\"type\":\"order.placed\"}".getBytes(StandardCharsets.UTF_8),
                    Map.of("X-Hookrelay-Hops", "2")).expect(202).path("event_id").asText();
            Await.until("erp's failure told", PATIENCE, () -> ofType(relay, "delivery.failed").size() == 1);
            JsonNode told = ofType(relay, "delivery.failed").get(0);
            assertThat(told.path("data").path("event_id").asText()).isEqualTo(webhook);
            assertThat(told.path("deliveries")).as("no operator target yet: only stored").isEmpty();

            JsonNode ofItsSource = relay.api().get("/api/v1/events?source=_hookrelay").expect(200).path("data");
            assertThat(ofItsSource).extracting(event -> event.path("id").asText()).containsExactly(told.path("id").asText());
            relay.api().put("/api/v1/settings", "{\"operator_target\":\"ops\"}").expect(200);
            JsonNode replayed = relay.api().post("/api/v1/events/" + told.path("id").asText() + "/replay").expect(202).path("deliveries");
            assertThat(replayed).extracting(delivery -> delivery.path("target").asText()).containsExactly("ops");
            relay.awaitDelivery(replayed.get(0).path("id").asText(), "completed");

            Receiver.Request arrival = operator.awaitRequests(1).get(0);
            assertThat(NodeStandardWebhooks.verify(secret, arrival)).isEqualTo("verified");
            assertThat(arrival.header("webhook-id")).contains(told.path("id").asText());
            assertThat(arrival.header("x-hookrelay-hops")).as("one more than the webhook's").contains("3");
        }
    }

    @Test
    void badSettingsAndFiltersAreRefusedAndChangeNothing(@TempDir Path dataDir) throws Exception {
        try (RelayServer relay = startServer(dataDir)) {
            ApiClient api = relay.api();
            relay.createTarget(NewTarget.to("ops", relay.startReceiver()));
            assertThat(api.get("/api/v1/settings").expect(200).path("operator_target").isNull()).isTrue();

            assertThat(api.put("/api/v1/settings", "{\"operator_target\":\"nobody\"}").expect(400).path("message").asText())
                    .isEqualTo("operator_target names no target: nobody");
            for (String bad : List.of("{\"operator_target\":\"Ops!\"}", "{\"operator_target\":1}", "{\"operator_target\":[\"ops\"]}",
                    "{\"operator\":\"ops\"}", "[]", "not json", "")) {
                assertThat(api.put("/api/v1/settings", bad).status()).as("settings %s", bad).isEqualTo(400);
            }
            assertThat(api.get("/api/v1/settings").expect(200).path("operator_target").isNull()).isTrue();
            assertThat(api.get("/api/v1/operator-events?type=target.exploded").expect(400).path("message").asText())
                    .startsWith("type must be one of target.paused, delivery.failed, target.recovered");
            assertThat(api.get("/api/v1/operator-events?source=shop").status()).isEqualTo(400);

            api.put("/api/v1/settings", "{\"operator_target\":\"ops\"}").expect(200);
            assertThat(api.delete("/api/v1/targets/ops").expect(409).path("message").asText()).contains("operator target");
            assertThat(api.get("/api/v1/targets/ops").status()).isEqualTo(200);
            api.put("/api/v1/settings", "{}").expect(200);
            api.delete("/api/v1/targets/ops").expect(204);
            assertThat(api.get("/api/v1/operator-events").expect(200).path("data")).isEmpty();
        }
    }

    /** The reasons of the {@code target.paused} events of {@code targetId}, oldest first. */
    private static List<String> paused(RelayServer relay, String targetId) {
        List<String> reasons = new ArrayList<>();
        for (JsonNode event : ofType(relay, "target.paused")) {
            if (event.path("data").path("target_id").asText().equals(targetId)) {
                reasons.add(0, event.path("data").path("reason").asText());
            }
        }
        return reasons;
    }

    private static List<JsonNode> ofType(RelayServer relay, String type) {
        return StreamSupport.stream(relay.api().get("/api/v1/operator-events?limit=100&type=" + type).expect(200).path("data")
                .spliterator(), false).toList();
    }

    private static List<JsonNode> all(ApiClient api) {
        JsonNode page = api.get("/api/v1/operator-events?limit=100").expect(200);
        assertThat(page.path("next_cursor").isNull()).isTrue();
        return StreamSupport.stream(page.path("data").spliterator(), false).toList();
    }

}
