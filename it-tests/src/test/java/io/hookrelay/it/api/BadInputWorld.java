package io.hookrelay.it.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.hookrelay.it.support.ApiClient;
import io.hookrelay.it.support.ApiResponse;
import io.hookrelay.it.support.Receiver;
import io.hookrelay.it.support.RelayServer;
import io.hookrelay.queue.testing.Await;
import java.io.IOException;
import java.net.http.HttpRequest.BodyPublishers;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The small world the bad-input tables are refused in, settled so that nothing changes by itself: {@code plain}
 * routes to {@code sink} (its delivery completed) and to the paused {@code held} (its delivery cancelled), and
 * there is a source for each kind of verification, with secrets new for every run. Each delivery feature is set on
 * something, so that a refused replacement that changed a little would show: {@code keyed} takes its idempotency key
 * from the body and forwards headers, {@code limited} is rate-limited, FIFO and signed with v1a, and {@code ops} is
 * the operator target. It is built through the API alone, so the in-process server and the real jar get the same one.
 *
 * @param placeholders what the tables' {@code {name}} placeholders stand for, signatures of {@link #SIGNED_BODY} among them
 * @param secrets      every secret the world holds: the sources' verification secrets and the targets' signing secrets
 */
record BadInputWorld(Map<String, String> placeholders, List<String> secrets) {
    static final String SOURCES = "/api/v1/sources";
    static final String TARGETS = "/api/v1/targets";
    static final String ROUTES = "/api/v1/routes";
    static final String SETTINGS = "/api/v1/settings";
    static final String TENANTS = "/api/v1/tenants";
    /** Every list the API has, the settings among them: what a refused request must leave as it was. */
    static final List<String> LISTS = List.of(SOURCES, TARGETS, ROUTES, "/api/v1/events?limit=500", "/api/v1/deliveries?limit=500",
            SETTINGS, "/api/v1/operator-events?limit=100", TENANTS + "?limit=500", TENANTS + "/default/keys");
    /** What the signed cases' provider sent, and its message id; the signatures are right for these and nothing else. */
    static final String SIGNED_BODY = "{\"captured\":true}";
    static final String SIGNED_ID = "msg_captured";
    /** An hour, twelve times the providers' five-minute tolerance: a signature this far off stays refused however slow the run. */
    private static final long OUT_OF_TOLERANCE_S = 3600;
    private static final Optional<String> ADMIN = Optional.of(RelayServer.ADMIN_TOKEN);
    private static final SecureRandom RANDOM = new SecureRandom();

    /** The server's default backup directory in {@code dataDir}, created owner-only as the server would. */
    static Path backupDirectoryOf(Path dataDir) throws IOException {
        return Files.createDirectories(dataDir.resolve("backups"),
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
    }

    /** A directory beside the backup directory, that a link in it leads to: where an escaping backup would land. */
    static Path outsideOf(Path backups) {
        return backups.resolveSibling("outside");
    }

    /**
     * Every file in and around the backup directory that a refused backup could have created: everything in
     * it and in {@link #outsideOf outside}, and whether the names the escaping cases aim at exist.
     */
    static List<String> backupFiles(Path backups) throws IOException {
        List<String> files = new ArrayList<>();
        for (Path directory : List.of(backups, outsideOf(backups))) {
            try (Stream<Path> walk = Files.walk(directory)) {
                walk.map(Path::toString).sorted().forEach(files::add);
            }
        }
        for (Path escaped : List.of(backups.resolveSibling("escaped.db"), Path.of("/etc/hookrelay-escaped.db"))) {
            files.add(escaped + (Files.exists(escaped) ? " exists" : " does not exist"));
        }
        return files;
    }

    /**
     * Everything a refused request must leave as it was: every list the API has and the settings ({@link #LISTS}), how
     * many requests the receiver got, and the files in and around the backup directory.
     */
    static List<Object> snapshot(ApiClient admin, Receiver receiver, Path backups) throws IOException {
        List<Object> state = new ArrayList<>();
        for (ApiResponse list : admin.getAll(LISTS)) {
            assertThat(list.status()).as("%s", list).isEqualTo(200);
            state.add(list.json());
        }
        state.add(receiver.requestCount());
        state.add(backupFiles(backups));
        return state;
    }

    static BadInputWorld settle(ServerApi api, String receiverUrl, Path backups) throws IOException, InterruptedException {
        String githubSecret = "gh-secret-" + randomHex(12);
        String standardWebhooksSecret = "whsec_" + Base64.getEncoder().encodeToString(randomBytes(32));
        String stripeSecret = "sk_test_" + randomHex(12);
        post(api, SOURCES, "{\"id\":\"plain\",\"max_body_bytes\":1024}");
        post(api, SOURCES, "{\"id\":\"typed\",\"event_type\":{\"header\":\"X-Event-Type\"}}");
        post(api, SOURCES, "{\"id\":\"github\",\"verify\":{\"scheme\":\"hmac-sha256\",\"secret\":\"" + githubSecret + "\"},"
                + "\"event_type\":{\"header\":\"X-GitHub-Event\"}}");
        post(api, SOURCES, "{\"id\":\"sw\",\"verify\":{\"scheme\":\"standard-webhooks\",\"secret\":\"" + standardWebhooksSecret + "\"}}");
        post(api, SOURCES, "{\"id\":\"stripe\",\"verify\":{\"scheme\":\"stripe\",\"secret\":\"" + stripeSecret + "\"}}");
        String sinkSecret = post(api, TARGETS, "{\"id\":\"sink\",\"url\":\"" + receiverUrl + "\"}").path("secret").asText();
        String heldSecret = post(api, TARGETS, "{\"id\":\"held\",\"url\":\"" + receiverUrl + "\"}").path("secret").asText();
        String limitedKey = post(api, TARGETS, "{\"id\":\"limited\",\"url\":\"" + receiverUrl
                + "\",\"rate_limit_per_s\":2.5,\"ordering\":\"fifo\",\"signature\":\"v1a\"}").path("secret").asText();
        String opsSecret = post(api, TARGETS, "{\"id\":\"ops\",\"url\":\"" + receiverUrl + "\"}").path("secret").asText();
        post(api, SOURCES, "{\"id\":\"keyed\",\"idempotency_json_pointer\":\"/id\",\"redact_headers\":[\"X-Tenant-Token\"],"
                + "\"forward_headers\":[\"X-GitHub-Event\",\"X-GitHub-Delivery\"]}");
        assertThat(send(api, "POST", TARGETS + "/held/pause").status()).isEqualTo(200);
        String route = post(api, ROUTES, "{\"source\":\"plain\",\"target\":\"sink\"}").path("id").asText();
        post(api, ROUTES, "{\"source\":\"plain\",\"target\":\"held\"}");
        String event = api.send(Optional.empty(), "POST", "/hooks/plain", BodyPublishers.ofString("{\"seed\":true}"),
                Map.of("Content-Type", BadInput.JSON)).expect(202).path("event_id").asText();

        String completed = awaitOnlyDelivery(api, "sink", "completed");
        String cancelled = awaitOnlyDelivery(api, "held", "pending");
        assertThat(send(api, "POST", "/api/v1/deliveries/" + cancelled + "/cancel").status()).isEqualTo(200);
        assertThat(api.send(ADMIN, "PUT", SETTINGS, BodyPublishers.ofString("{\"operator_target\":\"ops\"}"),
                Map.of("Content-Type", BadInput.JSON)).status()).isEqualTo(200);
        Files.writeString(backups.resolve("existing.db"), "not to be overwritten");
        Files.createDirectories(backups.resolve("a-directory"));
        Files.createSymbolicLink(backups.resolve("away"), Files.createDirectories(outsideOf(backups)));

        long now = Instant.now().getEpochSecond();
        long stale = now - OUT_OF_TOLERANCE_S;
        long future = now + OUT_OF_TOLERANCE_S;
        Map<String, String> placeholders = Map.ofEntries(
                Map.entry("receiver", receiverUrl),
                Map.entry("event", event),
                Map.entry("completed", completed),
                Map.entry("cancelled", cancelled),
                Map.entry("route", route),
                Map.entry("backups", backups.toString()),
                Map.entry("outside", outsideOf(backups).toString()),
                Map.entry("now", Long.toString(now)),
                Map.entry("stale", Long.toString(stale)),
                Map.entry("future", Long.toString(future)),
                Map.entry("sw-now", ProviderSignatures.standardWebhooks(standardWebhooksSecret, SIGNED_ID, now, SIGNED_BODY)),
                Map.entry("sw-stale", ProviderSignatures.standardWebhooks(standardWebhooksSecret, SIGNED_ID, stale, SIGNED_BODY)),
                Map.entry("sw-future", ProviderSignatures.standardWebhooks(standardWebhooksSecret, SIGNED_ID, future, SIGNED_BODY)),
                Map.entry("stripe-stale", ProviderSignatures.stripe(stripeSecret, stale, SIGNED_BODY)),
                Map.entry("stripe-future", ProviderSignatures.stripe(stripeSecret, future, SIGNED_BODY)),
                Map.entry("stripe-now-v1", ProviderSignatures.stripeHex(stripeSecret, now, SIGNED_BODY)),
                Map.entry("stripe-stale-v1", ProviderSignatures.stripeHex(stripeSecret, stale, SIGNED_BODY)),
                Map.entry("github-signature", ProviderSignatures.github(githubSecret, SIGNED_BODY)));
        return new BadInputWorld(placeholders,
                List.of(githubSecret, standardWebhooksSecret, stripeSecret, sinkSecret, heldSecret, limitedKey, opsSecret));
    }

    private static JsonNode post(ServerApi api, String path, String json) {
        return api.send(ADMIN, "POST", path, BodyPublishers.ofString(json), Map.of("Content-Type", BadInput.JSON)).expect(201);
    }

    private static ApiResponse send(ServerApi api, String method, String path) {
        return api.send(ADMIN, method, path, BodyPublishers.noBody(), Map.of());
    }

    /** Waits until the target's one delivery is in {@code state}; returns its id. */
    private static String awaitOnlyDelivery(ServerApi api, String target, String state) throws InterruptedException {
        String list = "/api/v1/deliveries?limit=500&target=" + target;
        Await.until("the delivery to " + target + " " + state, RelayServer.WAIT, () -> {
            List<JsonNode> deliveries = data(send(api, "GET", list).expect(200));
            return deliveries.size() == 1 && state.equals(deliveries.get(0).path("state").asText());
        });
        return data(send(api, "GET", list).expect(200)).get(0).path("id").asText();
    }

    private static List<JsonNode> data(JsonNode page) {
        List<JsonNode> items = new ArrayList<>();
        page.path("data").forEach(items::add);
        return items;
    }

    private static byte[] randomBytes(int count) {
        byte[] bytes = new byte[count];
        RANDOM.nextBytes(bytes);
        return bytes;
    }

    private static String randomHex(int bytes) {
        return HexFormat.of().formatHex(randomBytes(bytes));
    }
}
