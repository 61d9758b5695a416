package io.hookrelay.it.filters;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.hookrelay.it.support.ApiResponse;
import io.hookrelay.it.support.NewTarget;
import io.hookrelay.it.support.Receiver;
import io.hookrelay.it.support.RelayServer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Routes' payload filters against the shapes Stripe and GitHub send, on each backend: what a receiver gets is
 * what every filter of its route allowed, and a filter the API refuses leaves the routes as they were.
 */
abstract class PayloadFilterScenarios {
    private static final String STRIPE_INVOICE = """
            {"id":"%s","object":"event","api_version":"2024-06-20","type":"%s","livemode":false,
             "data":{"object":{"id":"in_1","object":"invoice","status":"%s","amount_paid":%s,"currency":"usd"}}}""";
    private static final String GITHUB_PUSH = """
            {"ref":"%s","before":"0000000","after":"abc1234","deleted":false,"created":true,
             "repository":{"id":1,"full_name":"acme/api","private":true},"pusher":{"name":"octocat"}}""";

    private RelayServer relay;

    abstract RelayServer startServer(Path dataDir) throws Exception;

    @BeforeEach
    void start(@TempDir Path dataDir) throws Exception {
        relay = startServer(dataDir);
    }

    @AfterEach
    void stop() {
        relay.close();
    }

    @Test
    void stripeEventsReachOnlyTheTargetsWhoseFiltersTheyMeet() throws Exception {
        relay.createPlainSource("stripe");
        Receiver ledger = relay.startReceiver();
        Receiver large = relay.startReceiver();
        Receiver everything = relay.startReceiver();
        relay.createTarget(NewTarget.to("ledger", ledger));
        relay.createTarget(NewTarget.to("large", large));
        relay.createTarget(NewTarget.to("everything", everything));
        route("{\"source\":\"stripe\",\"target\":\"ledger\",\"event_types\":[\"invoice.*\"],\"filters\":["
                + "{\"pointer\":\"/data/object/status\",\"equals\":\"paid\"},{\"pointer\":\"/livemode\",\"equals\":false}]}");
        route("{\"source\":\"stripe\",\"target\":\"large\",\"filters\":[{\"pointer\":\"/data/object/amount_paid\",\"in\":[2000,5000]}]}");
        route("{\"source\":\"stripe\",\"target\":\"everything\"}");

        String paid = accept("stripe", STRIPE_INVOICE.formatted("evt_1", "invoice.paid", "paid", "2000"), 3);
        String failed = accept("stripe", STRIPE_INVOICE.formatted("evt_2", "invoice.payment_failed", "open", "2000.0"), 2);
        String small = accept("stripe", STRIPE_INVOICE.formatted("evt_3", "invoice.paid", "paid", "15"), 2);
        String notJson = accept("stripe", "type=invoice.paid&status=paid", 1);

        assertThat(eventIds(ledger.awaitRequests(2))).containsExactlyInAnyOrder(paid, small);
        assertThat(eventIds(large.awaitRequests(2))).containsExactlyInAnyOrder(paid, failed);
        assertThat(eventIds(everything.awaitRequests(4))).containsExactlyInAnyOrder(paid, failed, small, notJson);
        assertThat(relay.deliveries()).hasSize(8);
    }

    @Test
    void githubPushesToBranchesReachTheDeployTargetAndTagsDoNot() throws Exception {
        relay.createSource("{\"id\":\"github\",\"event_type\":{\"header\":\"X-GitHub-Event\"}}");
        Receiver deploys = relay.startReceiver();
        Receiver releases = relay.startReceiver();
        relay.createTarget(NewTarget.to("deploys", deploys));
        relay.createTarget(NewTarget.to("releases", releases));
        route("{\"source\":\"github\",\"target\":\"deploys\",\"event_types\":[\"push\"],\"filters\":["
                + "{\"pointer\":\"/ref\",\"prefix\":\"refs/heads/\"},{\"pointer\":\"/deleted\",\"equals\":false},"
                + "{\"pointer\":\"/repository/full_name\",\"in\":[\"acme/api\",\"acme/web\"]}]}");
        route("{\"source\":\"github\",\"target\":\"releases\",\"filters\":[{\"pointer\":\"/release/tag_name\",\"exists\":true},"
                + "{\"pointer\":\"/release/draft\",\"equals\":false}]}");

        String branch = github("push", GITHUB_PUSH.formatted("refs/heads/main"), 1);
        github("push", GITHUB_PUSH.formatted("refs/tags/v1.0.0"), 0);
        String release = github("release", """
                {"action":"published","release":{"tag_name":"v1.0.0","draft":false,"prerelease":false},
                 "repository":{"full_name":"acme/api"}}""", 1);
        github("release", "{\"action\":\"created\",\"release\":{\"tag_name\":\"v1.1.0\",\"draft\":true}}", 0);

        assertThat(eventIds(deploys.awaitRequests(1))).containsExactly(branch);
        assertThat(eventIds(releases.awaitRequests(1))).containsExactly(release);
        assertThat(relay.deliveries()).extracting(delivery -> delivery.path("target").asText())
                .containsExactlyInAnyOrder("deploys", "releases");
    }

    @Test
    void aRefusedFilterIsA400ThatStoresNoRoute() {
        relay.createPlainSource("stripe");
        relay.createTarget(NewTarget.to("ledger", relay.startReceiver()));
        List<String> refused = List.of(
                "[{\"pointer\":\"data/object\",\"exists\":true}]",
                "[{\"pointer\":\"/a\",\"equals\":\"x\",\"prefix\":\"y\"}]",
                "[{\"pointer\":\"/a\",\"in\":[]}]",
                "[{\"pointer\":\"/a\",\"equals\":{\"b\":1}}]",
                "[{\"pointer\":\"/a\",\"exists\":\"yes\"}]",
                "[{\"pointer\":\"/a\",\"prefix\":7}]",
                "[{\"pointer\":\"/a\",\"like\":\"x\"}]");

        for (String filters : refused) {
            ApiResponse answer = relay.api().post("/api/v1/routes", "{\"source\":\"stripe\",\"target\":\"ledger\",\"filters\":" + filters + "}");
            assertThat(answer.status()).as(filters).isEqualTo(400);
            assertThat(answer.error()).as(filters).isEqualTo("invalid_request");
        }
        assertThat(relay.api().get("/api/v1/routes").expect(200).path("data")).isEmpty();
    }

    /** Route order and condition order do not make two routes: the second create of the same filters is a 409. */
    @Test
    void theSameFiltersInAnotherOrderAreTheSameRoute() {
        relay.createPlainSource("stripe");
        relay.createTarget(NewTarget.to("ledger", relay.startReceiver()));
        JsonNode created = route("{\"source\":\"stripe\",\"target\":\"ledger\",\"filters\":["
                + "{\"pointer\":\"/livemode\",\"equals\":true},{\"pointer\":\"/data/object/amount_paid\",\"equals\":1.50}]}");

        ApiResponse again = relay.api().post("/api/v1/routes", "{\"source\":\"stripe\",\"target\":\"ledger\",\"filters\":["
                + "{\"pointer\":\"/data/object/amount_paid\",\"equals\":1.5},{\"pointer\":\"/livemode\",\"equals\":true}]}");

        assertThat(again.status()).isEqualTo(409);
        assertThat(created.path("filters").toString())
                .isEqualTo("[{\"pointer\":\"/data/object/amount_paid\",\"equals\":1.5},{\"pointer\":\"/livemode\",\"equals\":true}]");
        assertThat(relay.api().get("/api/v1/routes").expect(200).path("data")).hasSize(1);
    }

    private JsonNode route(String json) {
        return relay.api().post("/api/v1/routes", json).expect(201);
    }

    private String accept(String source, String body, int deliveries) {
        ApiResponse accepted = relay.api().ingest(source, "application/json", body.getBytes(StandardCharsets.UTF_8), Map.of());
        JsonNode answer = accepted.expect(202);
        assertThat(answer.path("deliveries").asInt()).as(body).isEqualTo(deliveries);
        return answer.path("event_id").asText();
    }

    private String github(String eventType, String body, int deliveries) {
        ApiResponse accepted = relay.api().ingest("github", "application/json", body.getBytes(StandardCharsets.UTF_8),
                Map.of("X-GitHub-Event", eventType));
        JsonNode answer = accepted.expect(202);
        assertThat(answer.path("deliveries").asInt()).as(body).isEqualTo(deliveries);
        return answer.path("event_id").asText();
    }

    private static List<String> eventIds(List<Receiver.Request> requests) {
        return requests.stream().map(request -> request.header("webhook-id").orElseThrow()).toList();
    }
}
