package io.hookrelay.it.cli;

import static io.hookrelay.it.cli.CliAssertions.failed;
import static io.hookrelay.it.cli.CliAssertions.failedMatching;
import static io.hookrelay.it.cli.CliAssertions.succeeded;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.hookrelay.it.support.ApiClient;
import io.hookrelay.it.support.Json;
import io.hookrelay.it.support.Receiver;
import io.hookrelay.it.support.RefusingPort;
import io.hookrelay.it.support.RelayServer;
import io.hookrelay.queue.testing.Await;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every admin command of DESIGN §6 against a running server: human output names what it should, {@code --json}
 * is the API's own answer, failures are one line and the exit codes the contract gives (1 refused, 2 usage,
 * 3 unreachable), and the token is found on the command line, in the environment or in the data directory.
 */
class CliIT {
    @TempDir
    static Path dataDir;

    @AutoClose
    private static RelayServer server;
    private static Receiver receiver;
    private static ApiClient api;

    @BeforeAll
    static void startServer() {
        server = RelayServer.start(dataDir);
        receiver = server.startReceiver();
        api = server.api();
    }

    @Test
    void sourceAddListShowAndRm() {
        CliRun added = succeeded(admin("source", "add", "cli-github", "--verify", "hmac-sha256", "--secret", "s3cret-value",
                "--event-type-header", "X-GitHub-Event", "--idempotency-header", "X-GitHub-Delivery"));
        assertThat(added.row("id")).hasValue(List.of("id", "cli-github"));
        assertThat(added.row("verify")).hasValue(List.of("verify", "hmac-sha256"));
        assertThat(added.row("signature header")).hasValue(List.of("signature header", "X-Hub-Signature-256"));
        assertThat(added.row("signature prefix")).hasValue(List.of("signature prefix", "sha256="));
        assertThat(added.row("event type")).hasValue(List.of("event type", "header X-GitHub-Event"));
        assertThat(added.row("idempotency header")).hasValue(List.of("idempotency header", "X-GitHub-Delivery"));
        assertThat(added.row("max body bytes")).hasValue(List.of("max body bytes", "1048576"));
        assertThat(added.out()).doesNotContain("s3cret-value");

        CliRun addedJson = succeeded(admin("source", "add", "cli-plain", "--max-body-bytes", "2048", "--json"));
        assertThat(addedJson.json()).isEqualTo(apiJson("/api/v1/sources/cli-plain"));

        CliRun list = succeeded(admin("source", "list"));
        assertThat(list.row("ID")).hasValue(List.of("ID", "VERIFY", "EVENT TYPE", "IDEMPOTENCY KEY", "MAX BODY BYTES"));
        assertThat(list.row("cli-github"))
                .hasValue(List.of("cli-github", "hmac-sha256", "header X-GitHub-Event", "X-GitHub-Delivery", "1048576"));
        assertThat(list.row("cli-plain")).hasValue(List.of("cli-plain", "none", "-", "-", "2048"));
        assertThat(succeeded(admin("source", "list", "--json")).json()).isEqualTo(apiJson("/api/v1/sources"));

        CliRun shown = succeeded(admin("source", "show", "cli-plain"));
        assertThat(shown.row("verify")).hasValue(List.of("verify", "none"));
        assertThat(shown.row("signature header")).as("only hmac-sha256 has signature settings").isEmpty();
        assertThat(succeeded(admin("source", "show", "cli-github", "--json")).json()).isEqualTo(apiJson("/api/v1/sources/cli-github"));

        assertThat(succeeded(admin("source", "rm", "cli-plain")).outLines()).containsExactly("deleted source cli-plain and its routes");
        assertThat(api.get("/api/v1/sources/cli-plain").status()).isEqualTo(404);
        failed(admin("source", "show", "cli-plain"), 1, "hookrelay: no source cli-plain (not_found)");
        failed(admin("source", "add", "cli-github"), 1, "hookrelay: source cli-github already exists (conflict)");
        failed(admin("source", "add", "Not-Valid"), 1, "hookrelay: source id must match [a-z0-9][a-z0-9_-]{0,63} (invalid_request)");
    }

    @Test
    void targetAddListShowPauseResumeAndRm() {
        CliRun added = succeeded(admin("target", "add", "cli-sink", receiver.url(), "--timeout-ms", "5000",
                "--retry-schedule", "1s,1m,2h", "--max-in-flight", "2", "--ordering", "fifo"));
        assertThat(added.row("id")).hasValue(List.of("id", "cli-sink"));
        assertThat(added.row("url")).hasValue(List.of("url", receiver.url()));
        assertThat(added.row("paused")).hasValue(List.of("paused", "no"));
        assertThat(added.row("timeout ms")).hasValue(List.of("timeout ms", "5000"));
        assertThat(added.row("retry schedule")).hasValue(List.of("retry schedule", "1s,1m,2h"));
        assertThat(added.row("max in flight")).hasValue(List.of("max in flight", "2"));
        assertThat(added.row("ordering")).hasValue(List.of("ordering", "fifo"));
        assertThat(added.row("secret")).hasValueSatisfying(row -> assertThat(row.get(1)).startsWith("whsec_"));
        assertThat(added.out()).contains("shown only this once");
        assertThat(apiJson("/api/v1/targets/cli-sink").get("retry_schedule_s")).isEqualTo(Json.parse("[1,60,7200]"));

        JsonNode addedJson = succeeded(admin("target", "add", "cli-other", receiver.url(), "--retry-schedule", "none", "--json")).json();
        assertThat(addedJson.get("secret").asText()).startsWith("whsec_");
        ObjectNode withoutSecret = addedJson.deepCopy();
        withoutSecret.remove("secret");
        assertThat(withoutSecret).isEqualTo(apiJson("/api/v1/targets/cli-other"));
        assertThat(withoutSecret.get("retry_schedule_s")).isEmpty();

        CliRun list = succeeded(admin("target", "list"));
        assertThat(list.row("ID")).hasValue(List.of("ID", "URL", "PAUSED", "TIMEOUT MS", "RETRY SCHEDULE", "MAX IN FLIGHT",
                "RATE LIMIT", "SIGNATURE", "ORDERING", "BLOCKED BY"));
        assertThat(list.row("cli-sink"))
                .hasValue(List.of("cli-sink", receiver.url(), "no", "5000", "1s,1m,2h", "2", "none", "v1", "fifo", "-"));
        assertThat(list.row("cli-other"))
                .hasValue(List.of("cli-other", receiver.url(), "no", "15000", "none", "10", "none", "v1", "none", "-"));
        CliRun listJson = succeeded(admin("target", "list", "--json"));
        assertThat(listJson.json()).isEqualTo(apiJson("/api/v1/targets"));
        assertThat(list.out() + listJson.out()).doesNotContain("whsec_", "secret");

        CliRun shown = succeeded(admin("target", "show", "cli-sink"));
        assertThat(shown.row("url")).hasValue(List.of("url", receiver.url()));
        assertThat(shown.row("secret")).as("the secret is shown by add only").isEmpty();
        assertThat(succeeded(admin("target", "show", "cli-sink", "--json")).json()).isEqualTo(apiJson("/api/v1/targets/cli-sink"));

        assertThat(succeeded(admin("target", "pause", "cli-sink")).outLines())
                .containsExactly("paused target cli-sink; its deliveries wait until it is resumed");
        assertThat(apiJson("/api/v1/targets/cli-sink").get("paused").asBoolean()).isTrue();
        assertThat(succeeded(admin("target", "show", "cli-sink")).row("paused")).hasValue(List.of("paused", "yes"));
        assertThat(succeeded(admin("target", "resume", "cli-sink")).outLines()).containsExactly("resumed target cli-sink");
        assertThat(apiJson("/api/v1/targets/cli-sink").get("paused").asBoolean()).isFalse();
        JsonNode pausedJson = succeeded(admin("target", "pause", "cli-other", "--json")).json();
        assertThat(pausedJson).isEqualTo(apiJson("/api/v1/targets/cli-other"));
        assertThat(pausedJson.get("paused").asBoolean()).isTrue();

        assertThat(succeeded(admin("target", "rm", "cli-other")).outLines())
                .containsExactly("deleted target cli-other and its routes; its open deliveries are cancelled");
        assertThat(api.get("/api/v1/targets/cli-other").status()).isEqualTo(404);
        failed(admin("target", "resume", "cli-other"), 1, "hookrelay: no target cli-other (not_found)");
        failed(admin("target", "add", "cli-ftp", "ftp://example.com/hook"), 1,
                "hookrelay: url must be an absolute http or https URL with a host, no user info or fragment, "
                        + "at most 2048 characters (invalid_request)");
        failedMatching(admin("target", "add", "cli-bad", receiver.url(), "--retry-schedule", "soon"), 2,
                "hookrelay: .*'soon'.* \\(see 'hookrelay target add --help'\\)");
    }

    @Test
    void routeAddListAndRm() {
        succeeded(admin("source", "add", "cli-routed"));
        succeeded(admin("target", "add", "cli-route-target", receiver.url()));

        CliRun added = succeeded(admin("route", "add", "--source", "cli-routed", "--target", "cli-route-target",
                "--event-type", "push", "--event-type", "issues.*", "--filter", "{\"pointer\":\"/sender/type\",\"equals\":\"User\"}"));
        String filteredId = added.row("id").orElseThrow().get(1);
        assertThat(filteredId).startsWith("rte_");
        assertThat(added.row("source")).hasValue(List.of("source", "cli-routed"));
        assertThat(added.row("target")).hasValue(List.of("target", "cli-route-target"));
        assertThat(added.row("event types")).as("filters are a set, kept sorted").hasValue(List.of("event types", "issues.*, push"));
        assertThat(added.row("filters")).hasValue(List.of("filters", "/sender/type equals \"User\""));
        failed(admin("route", "add", "--source", "cli-routed", "--target", "cli-route-target", "--event-type", "issues.*",
                "--event-type", "push", "--filter", "{\"pointer\":\"/sender/type\",\"equals\":\"User\"}"), 1,
                "hookrelay: a route from cli-routed to cli-route-target with these event_types and filters already exists (conflict)");
        failed(admin("route", "add", "--source", "cli-routed", "--target", "cli-route-target", "--filter", "{\"pointer\":\"sender\",\"exists\":true}"), 1,
                "hookrelay: each filter's pointer must be an RFC 6901 pointer: it starts with /, a ~ is always ~0 or ~1, it holds no NUL or lone surrogate, and it is at most 256 characters (invalid_request)");
        JsonNode everything = succeeded(admin("route", "add", "--source", "cli-routed", "--target", "cli-route-target", "--json")).json();
        assertThat(everything.get("event_types")).isEmpty();
        assertThat(apiJson("/api/v1/routes").get("data")).contains(everything);

        CliRun list = succeeded(admin("route", "list"));
        assertThat(list.row("ID")).hasValue(List.of("ID", "SOURCE", "TARGET", "EVENT TYPES", "FILTERS"));
        assertThat(list.row(filteredId)).hasValue(List.of(filteredId, "cli-routed", "cli-route-target", "issues.*, push",
                "/sender/type equals \"User\""));
        assertThat(list.row(everything.get("id").asText()))
                .hasValue(List.of(everything.get("id").asText(), "cli-routed", "cli-route-target", "(all)", "(none)"));
        assertThat(succeeded(admin("route", "list", "--json")).json()).isEqualTo(apiJson("/api/v1/routes"));

        assertThat(succeeded(admin("route", "rm", filteredId)).outLines()).containsExactly("deleted route " + filteredId);
        assertThat(succeeded(admin("route", "list")).row(filteredId)).isEmpty();
        failed(admin("route", "rm", filteredId), 1, "hookrelay: no route " + filteredId + " (not_found)");
        failed(admin("route", "add", "--source", "cli-routed", "--target", "cli-nowhere"), 1,
                "hookrelay: no target cli-nowhere (not_found)");
        failedMatching(admin("route", "add", "--source", "cli-routed"), 2, "hookrelay: Missing required option.*--target.*");
    }

    @Test
    void eventsListShowReplayAndDeliveriesListShowRetryCancel() throws InterruptedException {
        succeeded(admin("source", "add", "cli-shop", "--event-type-json-pointer", "/type"));
        succeeded(admin("target", "add", "cli-shop-sink", receiver.url()));
        succeeded(admin("target", "add", "cli-shop-held", receiver.url()));
        succeeded(admin("target", "pause", "cli-shop-held"));
        succeeded(admin("route", "add", "--source", "cli-shop", "--target", "cli-shop-sink"));
        succeeded(admin("route", "add", "--source", "cli-shop", "--target", "cli-shop-held"));
        String body = "{\"type\":\"order.paid\",\"order\":1}";
        String first = server.accept("cli-shop", body);
        String second = server.accept("cli-shop", "{\"type\":\"order.refunded\",\"order\":2}");
        Await.until("the running target gets both events", RelayServer.WAIT,
                () -> api.get("/api/v1/deliveries?target=cli-shop-sink&state=completed").json().get("data").size() == 2);

        CliRun events = succeeded(admin("events", "list", "--source", "cli-shop"));
        assertThat(events.row("ID")).hasValue(List.of("ID", "SOURCE", "EVENT TYPE", "RECEIVED AT", "BODY BYTES"));
        assertThat(events.row(first)).hasValueSatisfying(row -> assertThat(row).containsSequence("cli-shop", "order.paid")
                .endsWith(Integer.toString(body.length())));
        assertThat(events.row(second)).hasValueSatisfying(row -> assertThat(row).contains("order.refunded"));
        assertThat(events.out()).doesNotContain("next page");
        assertThat(succeeded(admin("events", "list", "--source", "cli-shop", "--json")).json())
                .isEqualTo(apiJson("/api/v1/events?source=cli-shop"));
        CliRun firstPage = succeeded(admin("events", "list", "--source", "cli-shop", "--limit", "1"));
        assertThat(firstPage.row(second)).as("newest first").isPresent();
        String nextPage = firstPage.outLines().get(firstPage.outLines().size() - 1);
        assertThat(nextPage).startsWith("next page: --cursor ");
        CliRun secondPage = succeeded(admin("events", "list", "--source", "cli-shop", "--limit", "1",
                "--cursor", nextPage.substring("next page: --cursor ".length())));
        assertThat(secondPage.row(first)).isPresent();
        assertThat(secondPage.row(second)).isEmpty();

        CliRun shown = succeeded(admin("events", "show", first));
        assertThat(shown.row("id")).hasValue(List.of("id", first));
        assertThat(shown.row("source")).hasValue(List.of("source", "cli-shop"));
        assertThat(shown.row("event type")).hasValue(List.of("event type", "order.paid"));
        assertThat(shown.row("content type")).hasValue(List.of("content type", "application/json"));
        assertThat(shown.row("body bytes")).hasValue(List.of("body bytes", Integer.toString(body.length())));
        assertThat(shown.outLines()).contains("headers:", "  content-type: application/json", "body:", body);
        assertThat(shown.row("DELIVERY")).hasValue(List.of("DELIVERY", "TARGET", "STATE"));
        assertThat(shown.out()).contains("cli-shop-sink", "cli-shop-held");
        assertThat(succeeded(admin("events", "show", first, "--json")).json()).isEqualTo(apiJson("/api/v1/events/" + first));

        CliRun replayed = succeeded(admin("events", "replay", first));
        assertThat(replayed.outLines().get(0)).isEqualTo("replayed event " + first + ": 2 new deliveries");
        assertThat(replayed.row("DELIVERY")).hasValue(List.of("DELIVERY", "TARGET", "STATE"));
        JsonNode replayedJson = succeeded(admin("events", "replay", second, "--json")).json();
        assertThat(replayedJson.get("event_id").asText()).isEqualTo(second);
        assertThat(replayedJson.get("deliveries")).hasSize(2);

        CliRun held = succeeded(admin("deliveries", "list", "--target", "cli-shop-held"));
        assertThat(held.row("ID")).hasValue(List.of("ID", "EVENT", "TARGET", "STATE", "ATTEMPTS", "NEXT AT", "LAST ERROR"));
        JsonNode heldJson = succeeded(admin("deliveries", "list", "--target", "cli-shop-held", "--state", "pending", "--json")).json();
        assertThat(heldJson).isEqualTo(apiJson("/api/v1/deliveries?state=pending&target=cli-shop-held"));
        assertThat(heldJson.get("data")).hasSize(4);
        String waiting = heldJson.get("data").get(0).get("id").asText();
        assertThat(held.row(waiting)).hasValueSatisfying(row -> assertThat(row).containsSequence("cli-shop-held", "pending", "0"));
        assertThat(succeeded(admin("deliveries", "list", "--event", first, "--json")).json())
                .isEqualTo(apiJson("/api/v1/deliveries?event=" + first));

        String delivered = apiJson("/api/v1/deliveries?target=cli-shop-sink&state=completed&event=" + first).get("data").get(0)
                .get("id").asText();
        CliRun deliveredShown = succeeded(admin("deliveries", "show", delivered));
        assertThat(deliveredShown.row("id")).hasValue(List.of("id", delivered));
        assertThat(deliveredShown.row("event")).hasValue(List.of("event", first));
        assertThat(deliveredShown.row("state")).hasValue(List.of("state", "completed"));
        assertThat(deliveredShown.row("attempts")).hasValue(List.of("attempts", "1"));
        assertThat(deliveredShown.row("ATTEMPT"))
                .hasValue(List.of("ATTEMPT", "OUTCOME", "STARTED AT", "DURATION MS", "STATUS", "ERROR", "RESPONSE"));
        assertThat(deliveredShown.row("1")).hasValueSatisfying(row -> assertThat(row).contains("success", "200"));
        assertThat(succeeded(admin("deliveries", "show", delivered, "--json")).json())
                .isEqualTo(apiJson("/api/v1/deliveries/" + delivered));
        assertThat(succeeded(admin("deliveries", "show", waiting)).outLines()).contains("no attempts yet");

        assertThat(succeeded(admin("deliveries", "cancel", waiting)).outLines())
                .containsExactly("delivery " + waiting + " is now cancelled");
        assertThat(succeeded(admin("deliveries", "retry", waiting)).outLines())
                .containsExactly("delivery " + waiting + " is now pending");
        JsonNode cancelledJson = succeeded(admin("deliveries", "cancel", waiting, "--json")).json();
        ObjectNode expected = apiJson("/api/v1/deliveries/" + waiting).deepCopy();
        expected.remove("attempt_log");
        assertThat(cancelledJson).isEqualTo(expected);
        assertThat(cancelledJson.get("state").asText()).isEqualTo("cancelled");
        assertThat(succeeded(admin("deliveries", "retry", waiting, "--json")).json().get("state").asText()).isEqualTo("pending");

        failed(admin("deliveries", "retry", delivered), 1,
                "hookrelay: delivery " + delivered + " is completed; replay its event to send it again (conflict)");
        failed(admin("deliveries", "cancel", delivered), 1,
                "hookrelay: delivery " + delivered + " has already ended: completed (conflict)");
        failedMatching(admin("deliveries", "list", "--state", "lost"), 2, "hookrelay: .*'lost' is not one of .*");
        failed(admin("events", "show", "evt_00000000000000000000000000"), 1,
                "hookrelay: no event evt_00000000000000000000000000 (not_found)");
    }

    @Test
    void deliveriesRetryAllFailedSendsFailedDeliveriesAgain() throws InterruptedException {
        try (RefusingPort down = RefusingPort.open()) {
            succeeded(admin("source", "add", "cli-doomed"));
            succeeded(admin("target", "add", "cli-down", down.url(), "--retry-schedule", "none"));
            succeeded(admin("route", "add", "--source", "cli-doomed", "--target", "cli-down"));
            server.accept("cli-doomed", "{}");
            server.accept("cli-doomed", "{}");
            Await.until("both deliveries fail", RelayServer.WAIT,
                    () -> api.get("/api/v1/deliveries?target=cli-down&state=failed").json().get("data").size() == 2);
            CliRun failedList = succeeded(admin("deliveries", "list", "--target", "cli-down", "--state", "failed"));
            assertThat(failedList.outLines()).hasSize(3);
            assertThat(failedList.outLines().subList(1, 3))
                    .allSatisfy(line -> assertThat(line).contains("cli-down", "failed", "connect_error"));

            String later = Instant.now().plus(Duration.ofHours(1)).toString();
            assertThat(succeeded(admin("deliveries", "retry", "--all-failed", "--target", "cli-down", "--since", later)).outLines())
                    .containsExactly("retried 0 failed deliveries");
            assertThat(succeeded(admin("deliveries", "retry", "--all-failed", "--target", "cli-down")).outLines())
                    .containsExactly("retried 2 failed deliveries");
            Await.until("both are attempted a second time", RelayServer.WAIT, () -> {
                JsonNode data = api.get("/api/v1/deliveries?target=cli-down&state=failed").json().get("data");
                return data.size() == 2 && StreamSupport.stream(data.spliterator(), false).allMatch(d -> d.get("attempts").asInt() == 2);
            });
            assertThat(succeeded(admin("deliveries", "retry", "--all-failed", "--target", "cli-down", "--json")).json())
                    .isEqualTo(Json.parse("{\"retried\":2}"));
            failedMatching(admin("deliveries", "retry"), 2, "hookrelay: Missing required argument.*ID.*--all-failed.*");
        }
    }

    @Test
    void backupWhileRunningThenRestoreOfflineIntoAFreshDataDirectory(@TempDir Path work) throws Exception {
        Path original = work.resolve("original");
        Path fresh = work.resolve("fresh");
        Path backup = work.resolve("hookrelay-backup.db");
        JsonNode sources;
        try (RelayServer running = RelayServer.start(original)) {
            succeeded(admin(running, "source", "add", "kept-one"));
            succeeded(admin(running, "source", "add", "kept-two", "--verify", "stripe", "--secret", "sk-kept"));
            sources = running.api().get("/api/v1/sources").expect(200);

            CliRun backedUp = succeeded(admin(running, "backup", "--to", backup.toString()));
            assertThat(backup).isRegularFile();
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(backup))).isEqualTo("rw-------");
            assertThat(backedUp.outLines()).singleElement().asString()
                    .matches("backed up the database to " + Pattern.quote(backup.toString()) + " \\(\\d+ bytes\\)")
                    .contains("(" + size(backup) + " bytes)");
            failedMatching(admin(running, "backup", "--to", backup.toString()), 2,
                    "hookrelay: " + Pattern.quote(backup.toString()) + " already exists; a backup never replaces a file");

            CliRun refused = Cli.runJar("restore", "--from", backup.toString(), "--data-dir", original.toString());
            assertThat(refused.exitCode()).as("%s", refused).isEqualTo(3);
            assertThat(refused.errLines()).as("%s", refused).singleElement().asString()
                    .startsWith("hookrelay: ").contains(original.getFileName().toString(), "stop the server first");
        }

        CliRun restored = Cli.runJar("restore", "--from", backup.toString(), "--data-dir", fresh.toString());
        assertThat(restored.exitCode()).as("%s", restored).isZero();
        assertThat(restored.err()).as("%s", restored).isEmpty();
        assertThat(restored.out()).contains("restored " + backup + " into data directory " + fresh);
        // The backup holds its secrets sealed; the key they were sealed with is backed up apart, and put back too.
        Files.copy(original.resolve("secret.key"), fresh.resolve("secret.key"));

        try (RelayServer onRestored = RelayServer.start(fresh)) {
            assertThat(succeeded(admin(onRestored, "source", "list", "--json")).json()).isEqualTo(sources);
            assertThat(succeeded(admin(onRestored, "source", "list")).row("kept-two"))
                    .hasValueSatisfying(row -> assertThat(row).contains("stripe"));
        }
    }

    @Test
    void theTokenComesFromTheFlagTheEnvironmentOrTheDataDirectory(@TempDir Path work) {
        String url = server.baseUri().toString();
        Map<String, String> environment = Map.of("HOOKRELAY_URL", url, "HOOKRELAY_ADMIN_TOKEN", RelayServer.ADMIN_TOKEN);
        assertThat(succeeded(Cli.run(environment, "source", "list", "--json")).json()).isEqualTo(apiJson("/api/v1/sources"));
        Map<String, String> wrongInEnvironment = Map.of("HOOKRELAY_URL", url, "HOOKRELAY_ADMIN_TOKEN", "not-the-admin-token");
        failed(Cli.run(wrongInEnvironment, "source", "list"), 1, "hookrelay: the admin token is wrong (unauthorized)");
        succeeded(Cli.run(wrongInEnvironment, "source", "list", "--token", RelayServer.ADMIN_TOKEN));
        failedMatching(Cli.run(Map.of("HOOKRELAY_URL", url), "source", "list", "--data-dir", work.resolve("no-server-here").toString()),
                2, "hookrelay: no admin token: pass --token, set HOOKRELAY_ADMIN_TOKEN, or point --data-dir at .*");

        Path fileDataDir = work.resolve("with-token-file");
        try (RelayServer withTokenFile = RelayServer.startWithTokenFile(fileDataDir)) {
            assertThat(fileDataDir.resolve("admin.token")).isRegularFile();
            String fileUrl = withTokenFile.baseUri().toString();
            CliRun fromFile = succeeded(Cli.run(Map.of("HOOKRELAY_URL", fileUrl),
                    "source", "list", "--data-dir", fileDataDir.toString()));
            assertThat(fromFile.outLines()).containsExactly("no sources");
            succeeded(Cli.run(Map.of("HOOKRELAY_URL", fileUrl, "HOOKRELAY_DATA_DIR", fileDataDir.toString()),
                    "source", "add", "from-file"));
            assertThat(withTokenFile.api().get("/api/v1/sources/from-file").status()).isEqualTo(200);
            failed(Cli.admin(fileUrl, "source", "list"), 1,
                    "hookrelay: the admin token is wrong (unauthorized)");
        }
    }

    @Test
    void anUnreachableServerIsExitCode3WithOneLine() {
        try (RefusingPort down = RefusingPort.open()) {
            String nowhere = down.url();
            for (String[] command : List.of(new String[] {"source", "list"}, new String[] {"deliveries", "retry", "--all-failed"},
                    new String[] {"backup", "--to", dataDir.resolve("never.db").toString()})) {
                failedMatching(Cli.admin(nowhere, command), 3, "hookrelay: cannot reach " + Pattern.quote(nowhere) + ": .*");
            }
        }
    }

    /** An admin command against the shared server, the token on the command line. */
    private static CliRun admin(String... arguments) {
        return admin(server, arguments);
    }

    private static CliRun admin(RelayServer target, String... arguments) {
        return Cli.admin(target.baseUri().toString(), arguments);
    }

    /** What the API itself answers, to compare {@code --json} with. */
    private static JsonNode apiJson(String path) {
        return api.get(path).expect(200);
    }

    private static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
