package io.hookrelay.it.cli;

import static io.hookrelay.it.cli.CliAssertions.failed;
import static io.hookrelay.it.cli.CliAssertions.failedMatching;
import static io.hookrelay.it.cli.CliAssertions.succeeded;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.hookrelay.it.api.ProviderSignatures;
import io.hookrelay.it.support.ApiResponse;
import io.hookrelay.it.support.Json;
import io.hookrelay.it.support.Receiver;
import io.hookrelay.it.support.RelayServer;
import io.hookrelay.queue.testing.Await;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The delivery features through the command line, against a real server on each backend: a target's rate
 * limit, ordering and signature scheme, set, shown, changed and rotated; a source's forwarded headers and idempotency
 * pointer; a route's payload filters; the operator target and the operator event of a pause. Each is checked in what
 * the API then holds or does, not only in what the command printed, and a refused change leaves everything as it was.
 */
abstract class CliFeatureScenarios {
    /** A v1 secret a test gives, rather than one the server generates: {@code whsec_} and the base64 of 32 bytes. */
    private static final String GIVEN_SECRET = "whsec_BwgJCgsMDQ4PEBESExQVFhcYGRobHB0eHyAhIiMkJSY=";

    private RelayServer relay;
    private Receiver receiver;

    abstract RelayServer startServer(Path dataDir) throws Exception;

    @BeforeEach
    void start(@TempDir Path dataDir) throws Exception {
        relay = startServer(dataDir);
        receiver = relay.startReceiver();
    }

    @AfterEach
    void stop() {
        relay.close();
    }

    @Test
    void aTargetsRateLimitOrderingAndSignatureAreSetShownAndChanged() {
        CliRun added = succeeded(admin("target", "add", "ledger", receiver.url(), "--rate-limit-per-s", "5", "--ordering", "fifo",
                "--signature", "v1a"));
        assertThat(added.row("secret")).hasValueSatisfying(row -> assertThat(row.get(1)).startsWith("whsk_"));
        String publicKey = added.row("public key").orElseThrow().get(1);
        assertThat(publicKey).startsWith("whpk_");
        assertThat(added.out()).contains("receivers check each delivery's webhook-signature header with the public key above");
        JsonNode shown = succeeded(admin("target", "show", "ledger", "--json")).json();
        assertThat(shown).isEqualTo(relay.target("ledger"));
        assertThat(shown.get("rate_limit_per_s").asDouble()).isEqualTo(5.0);
        assertThat(shown.get("ordering").asText()).isEqualTo("fifo");
        assertThat(shown.get("signature").asText()).isEqualTo("v1a");
        assertThat(shown.get("public_key").asText()).isEqualTo(publicKey);

        Receiver moved = relay.startReceiver();
        CliRun updated = succeeded(admin("target", "update", "ledger", "--target-url", moved.url(), "--rate-limit-per-s", "2.5",
                "--ordering", "none", "--timeout-ms", "4000"));
        assertThat(updated.row("rate limit")).hasValue(List.of("rate limit", "2.5/s"));
        JsonNode changed = relay.target("ledger");
        assertThat(changed.get("url").asText()).isEqualTo(moved.url());
        assertThat(changed.get("rate_limit_per_s").asDouble()).isEqualTo(2.5);
        assertThat(changed.get("ordering").asText()).isEqualTo("none");
        assertThat(changed.get("timeout_ms").asLong()).isEqualTo(4000);
        assertThat(changed.get("retry_schedule_s")).as("not given, so kept").isEqualTo(shown.get("retry_schedule_s"));
        assertThat(changed.get("max_in_flight")).isEqualTo(shown.get("max_in_flight"));
        assertThat(changed.get("signature").asText()).isEqualTo("v1a");
        assertThat(changed.get("public_key").asText()).as("the secret is kept").isEqualTo(publicKey);

        succeeded(admin("target", "update", "ledger", "--no-rate-limit"));
        assertThat(relay.target("ledger").get("rate_limit_per_s").isNull()).isTrue();
        assertThat(succeeded(admin("target", "list")).row("ledger"))
                .hasValue(List.of("ledger", moved.url(), "no", "4000", "5s,5m,30m,2h,5h,10h,14h,20h,1d", "10", "none", "v1a", "none", "-"));
    }

    @Test
    void aTargetUpdateTheServerRefusesOrThatClashesIsOneLineAndChangesNothing() {
        succeeded(admin("target", "add", "ledger", receiver.url(), "--rate-limit-per-s", "5"));
        JsonNode before = relay.target("ledger");

        failed(admin("target", "update", "ledger", "--rate-limit-per-s", "0"), 1,
                "hookrelay: rate_limit_per_s must be between 0.01 and 100000, or null for none (invalid_request)");
        failedMatching(admin("target", "update", "ledger", "--rate-limit-per-s", "2", "--no-rate-limit"), 2,
                "hookrelay: .*mutually exclusive.* \\(see 'hookrelay target update --help'\\)");
        failed(admin("target", "update", "ledger", "--signature", "v1a"), 1,
                "hookrelay: signature v1a needs a new secret: give one, or rotate the secret to v1a (invalid_request)");
        failed(admin("target", "update", "ledger", "--ordering", "lifo"), 1, "hookrelay: ordering must be none or fifo (invalid_request)");
        failed(admin("target", "update", "nobody", "--timeout-ms", "1000"), 1, "hookrelay: no target nobody (not_found)");

        assertThat(relay.target("ledger")).isEqualTo(before);
    }

    @Test
    void aRotationShowsItsGraceAndAGivenSecretEndsIt() {
        succeeded(admin("target", "add", "ledger", receiver.url()));
        Instant rotatedAfter = Instant.now();

        CliRun rotated = succeeded(admin("target", "rotate-secret", "ledger", "--grace", "2h", "--signature", "v1a"));
        assertThat(rotated.row("secret")).hasValueSatisfying(row -> assertThat(row.get(1)).startsWith("whsk_"));
        assertThat(rotated.out()).contains("give receivers the new public key before then.");
        JsonNode shown = succeeded(admin("target", "show", "ledger", "--json")).json();
        assertThat(shown.get("signature").asText()).isEqualTo("v1a");
        assertThat(Instant.parse(shown.get("previous_secret_until").asText()))
                .isBetween(rotatedAfter.plus(Duration.ofHours(2)).minusSeconds(1), Instant.now().plus(Duration.ofHours(2)));
        assertThat(succeeded(admin("target", "show", "ledger")).row("old secret until"))
                .hasValue(List.of("old secret until", shown.get("previous_secret_until").asText()));

        CliRun replaced = succeeded(admin("target", "update", "ledger", "--secret", GIVEN_SECRET, "--signature", "v1"));
        assertThat(replaced.out()).doesNotContain(GIVEN_SECRET).contains("the old one no longer does");
        JsonNode afterReplace = relay.target("ledger");
        assertThat(afterReplace.get("signature").asText()).isEqualTo("v1");
        assertThat(afterReplace.has("public_key")).isFalse();
        assertThat(afterReplace.has("previous_secret_until")).as("a given secret ends the grace at once").isFalse();
    }

    @Test
    void aSourcesForwardedHeadersAndIdempotencyPointerAreSetAndChanged() {
        CliRun added = succeeded(admin("source", "add", "shop", "--forward-header", "X-Shop-Event", "--idempotency-json-pointer", "/id"));
        assertThat(added.row("idempotency key")).hasValue(List.of("idempotency key", "json pointer /id"));
        assertThat(added.row("forwarded headers")).hasValue(List.of("forwarded headers", "x-shop-event"));
        JsonNode shown = succeeded(admin("source", "show", "shop", "--json")).json();
        assertThat(shown).isEqualTo(source("shop"));
        assertThat(shown.get("forward_headers")).isEqualTo(Json.parse("[\"x-shop-event\"]"));
        assertThat(shown.get("idempotency_json_pointer").asText()).isEqualTo("/id");
        assertThat(ingest("shop", "{\"id\":\"ord_1\"}", Map.of()).status()).isEqualTo(202);
        assertThat(ingest("shop", "{\"id\":\"ord_1\"}", Map.of()).json().path("duplicate").asBoolean())
                .as("the key is the body's /id").isTrue();

        succeeded(admin("source", "update", "shop", "--forward-header", "X-Shop-Delivery", "--forward-header", "X-Shop-Event",
                "--idempotency-header", "X-Shop-Delivery"));
        JsonNode updated = source("shop");
        assertThat(updated.get("forward_headers")).extracting(JsonNode::asText).containsExactlyInAnyOrder("x-shop-delivery", "x-shop-event");
        assertThat(updated.get("idempotency_header").asText()).isEqualTo("X-Shop-Delivery");
        assertThat(updated.has("idempotency_json_pointer")).as("a header in place of the pointer").isFalse();
        assertThat(ingest("shop", "{\"id\":\"ord_1\"}", Map.of("X-Shop-Delivery", "d-1")).status())
                .as("the body's /id no longer marks a repeat").isEqualTo(202);

        succeeded(admin("source", "update", "shop", "--no-forward-headers", "--default-idempotency-key"));
        JsonNode cleared = source("shop");
        assertThat(cleared.get("forward_headers")).isEmpty();
        assertThat(cleared.get("idempotency_header").isNull()).isTrue();
        assertThat(cleared.has("idempotency_json_pointer")).isFalse();
    }

    @Test
    void aSourceThatVerifiesChangesOnlyWithItsSecretGivenAgain() {
        succeeded(admin("source", "add", "github", "--verify", "hmac-sha256", "--secret", "old-secret"));
        JsonNode before = source("github");

        failed(admin("source", "update", "github", "--max-body-bytes", "2048"), 2, "hookrelay: source github verifies with "
                + "hmac-sha256, whose secret the server never shows: give it again with --secret, as an update sends the whole source");
        failedMatching(admin("source", "update", "github", "--secret", "new-secret", "--forward-header", "X-GitHub-Event",
                "--no-forward-headers"), 2, "hookrelay: .*mutually exclusive.* \\(see 'hookrelay source update --help'\\)");
        assertThat(source("github")).isEqualTo(before);

        succeeded(admin("source", "update", "github", "--secret", "new-secret", "--max-body-bytes", "2048"));
        JsonNode updated = source("github");
        assertThat(updated.get("max_body_bytes").asInt()).isEqualTo(2048);
        assertThat(updated.get("verify")).as("its signature settings kept").isEqualTo(before.get("verify"));
        String body = "{\"zen\":\"Design for failure.\"}";
        assertThat(ingest("github", body, Map.of("X-Hub-Signature-256", ProviderSignatures.github("new-secret", body))).status())
                .isEqualTo(202);
        assertThat(ingest("github", body, Map.of("X-Hub-Signature-256", ProviderSignatures.github("old-secret", body))).status())
                .isEqualTo(401);
    }

    @Test
    void aRoutesPayloadFiltersAreAddedListedAndDecideWhatIsDelivered() {
        succeeded(admin("source", "add", "shop", "--event-type-json-pointer", "/type"));
        succeeded(admin("target", "add", "erp", receiver.url()));

        CliRun added = succeeded(admin("route", "add", "--source", "shop", "--target", "erp",
                "--filter", "{\"pointer\":\"/status\",\"equals\":\"paid\"}", "--filter", "{\"pointer\":\"/type\",\"prefix\":\"order.\"}"));
        String id = added.row("id").orElseThrow().get(1);
        CliRun list = succeeded(admin("route", "list"));
        assertThat(list.row(id)).hasValueSatisfying(row -> {
            assertThat(row.subList(0, 4)).containsExactly(id, "shop", "erp", "(all)");
            assertThat(row.get(4)).contains("/status equals \"paid\"", "/type prefix \"order.\"");
        });
        assertThat(succeeded(admin("route", "list", "--json")).json()).isEqualTo(relay.api().get("/api/v1/routes").expect(200));

        assertThat(ingest("shop", "{\"type\":\"order.paid\",\"status\":\"paid\"}", Map.of()).json().path("deliveries").asInt())
                .isEqualTo(1);
        assertThat(ingest("shop", "{\"type\":\"order.placed\",\"status\":\"open\"}", Map.of()).json().path("deliveries").asInt())
                .isZero();
    }

    @Test
    void theOperatorTargetIsSetShownAndClearedAndAPauseIsAnOperatorEvent() throws InterruptedException {
        Receiver operator = relay.startReceiver();
        succeeded(admin("target", "add", "ops", operator.url()));
        succeeded(admin("target", "add", "erp", receiver.url()));

        assertThat(succeeded(admin("settings", "set", "--operator-target", "ops")).row("operator target"))
                .hasValue(List.of("operator target", "ops"));
        assertThat(succeeded(admin("settings", "show")).row("operator target")).hasValue(List.of("operator target", "ops"));
        assertThat(relay.api().get("/api/v1/settings").expect(200).path("operator_target").asText()).isEqualTo("ops");
        failed(admin("target", "rm", "ops"), 1, "hookrelay: target ops is the operator target; set another in the settings first (conflict)");

        succeeded(admin("target", "pause", "erp"));
        Await.until("erp's pause is an operator event", RelayServer.WAIT, () -> pauses().size() == 1);
        JsonNode pause = pauses().get(0);
        assertThat(pause.path("type").asText()).isEqualTo("target.paused");
        assertThat(pause.path("data").path("target_id").asText()).isEqualTo("erp");
        assertThat(pause.path("data").path("reason").asText()).isEqualTo("operator");
        assertThat(succeeded(admin("operator-events", "list")).row(pause.path("id").asText()))
                .hasValueSatisfying(row -> assertThat(row).contains("target.paused", "erp", "operator"));
        Receiver.Request told = operator.awaitRequests(1).get(0);
        assertThat(Json.parse(new String(told.body(), StandardCharsets.UTF_8)).path("type").asText()).isEqualTo("target.paused");

        assertThat(succeeded(admin("settings", "set", "--no-operator-target")).row("operator target"))
                .hasValue(List.of("operator target", "-"));
        assertThat(succeeded(admin("settings", "show")).row("operator target")).hasValue(List.of("operator target", "-"));
        assertThat(relay.api().get("/api/v1/settings").expect(200).path("operator_target").isNull()).isTrue();
        succeeded(admin("target", "rm", "ops"));
    }

    @Test
    void tenantsAreAddedListedUpdatedSuspendedAndRemoved() {
        CliRun added = succeeded(admin("tenant", "add", "acme", "--name", "Acme Corp", "--ingest-per-s", "100", "--max-sources", "5"));
        assertThat(added.row("max sources")).hasValue(List.of("max sources", "5"));
        succeeded(admin("tenant", "add", "beta"));

        assertThat(succeeded(admin("tenant", "list", "--limit", "500")).outLines()).filteredOn(line -> !line.startsWith("ID"))
                .extracting(line -> line.split("\\s+")[0]).containsExactly("acme", "beta", "default");
        succeeded(admin("tenant", "update", "acme", "--max-sources", "none", "--max-targets", "3"));
        JsonNode acme = relay.api().get("/api/v1/tenants/acme").expect(200);
        assertThat(acme.path("name").asText()).isEqualTo("Acme Corp");
        assertThat(acme.path("quotas")).isEqualTo(Json.parse(
                "{\"ingest_per_s\":100,\"max_in_flight\":null,\"max_sources\":null,\"max_targets\":3}"));

        succeeded(admin("tenant", "suspend", "beta"));
        assertThat(relay.api().get("/api/v1/tenants/beta").expect(200).path("suspended").asBoolean()).isTrue();
        succeeded(admin("tenant", "resume", "beta"));
        succeeded(admin("tenant", "rm", "beta"));
        assertThat(relay.api().get("/api/v1/tenants/beta").status()).isEqualTo(404);
        failed(admin("tenant", "rm", "default"), 1, "hookrelay: tenant default always exists and cannot be deleted (conflict)");
        failed(admin("tenant", "add", "Acme!"), 1, "hookrelay: tenant id must match [a-z0-9][a-z0-9_-]{0,63} (invalid_request)");
    }

    @Test
    void aTenantsKeysAreIssuedListedAndRevoked() {
        succeeded(admin("tenant", "add", "acme"));

        CliRun issued = succeeded(admin("key", "add", "--tenant", "acme", "--name", "deploys", "--scope", "admin"));
        String id = issued.row("id").orElseThrow().get(1);
        assertThat(issued.row("token")).hasValueSatisfying(row -> assertThat(row.get(1)).matches("hrk_[A-Za-z0-9_-]{43}"));
        CliRun listed = succeeded(admin("key", "list", "--tenant", "acme"));
        assertThat(listed.row(id)).hasValueSatisfying(row -> assertThat(row).contains("deploys", "admin"));
        assertThat(listed.out()).doesNotContain(issued.row("token").orElseThrow().get(1));

        succeeded(admin("key", "rm", "--tenant", "acme", id));
        assertThat(relay.api().get("/api/v1/tenants/acme/keys").expect(200).path("data")).isEmpty();
        failed(admin("key", "rm", "--tenant", "acme", id), 1, "hookrelay: tenant acme has no key " + id + " (not_found)");
        failed(admin("key", "list", "--tenant", "ghost"), 1, "hookrelay: no tenant ghost (not_found)");
    }

    /** The target.paused events as {@code operator-events list --json} prints them. */
    private List<JsonNode> pauses() {
        List<JsonNode> pauses = new ArrayList<>();
        succeeded(admin("operator-events", "list", "--type", "target.paused", "--json")).json().path("data").forEach(pauses::add);
        return pauses;
    }

    private JsonNode source(String id) {
        return relay.api().get("/api/v1/sources/" + id).expect(200);
    }

    private ApiResponse ingest(String source, String json, Map<String, String> headers) {
        return relay.api().ingest(source, "application/json", json.getBytes(StandardCharsets.UTF_8), headers);
    }

    private CliRun admin(String... arguments) {
        return Cli.admin(relay.baseUri().toString(), arguments);
    }
}
