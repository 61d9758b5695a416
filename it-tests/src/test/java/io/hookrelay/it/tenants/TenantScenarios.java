package io.hookrelay.it.tenants;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.hookrelay.it.support.ApiClient;
import io.hookrelay.it.support.Json;
import io.hookrelay.it.support.RelayServer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The operator's tenants through the real server, on each backend (DESIGN §12): {@code default} there from the first
 * start, others created, paged through, replaced, suspended, resumed and deleted; a restart keeps them.
 */
abstract class TenantScenarios {

    abstract RelayServer startServer(Path dataDir) throws Exception;

    /** The same database again, as a restart opens it. */
    abstract RelayServer restartServer(Path dataDir) throws Exception;

    /** Everything the database holds of tenant keys, as text, to look for what must never be kept. */
    abstract String keysAtRest(Path dataDir) throws Exception;

    @Test
    void theDefaultTenantIsThereFromTheFirstStartAndCannotBeDeleted(@TempDir Path dataDir) throws Exception {
        try (RelayServer relay = startServer(dataDir)) {
            ApiClient api = relay.api();

            JsonNode tenants = api.get("/api/v1/tenants").expect(200);

            assertThat(tenants.path("data")).singleElement().satisfies(tenant -> {
                assertThat(tenant.path("id").asText()).isEqualTo("default");
                assertThat(tenant.path("suspended").asBoolean()).isFalse();
                assertThat(tenant.path("quotas")).isEqualTo(Json.parse(
                        "{\"ingest_per_s\":null,\"max_in_flight\":null,\"max_sources\":null,\"max_targets\":null}"));
            });
            assertThat(tenants.path("next_cursor").isNull()).isTrue();
            assertThat(api.delete("/api/v1/tenants/default").error()).isEqualTo("conflict");
            assertThat(api.get("/api/v1/tenants/default").expect(200).path("id").asText()).isEqualTo("default");
        }
    }

    @Test
    void tenantsAreCreatedPagedReplacedSuspendedResumedAndDeletedAndOutliveARestart(@TempDir Path dataDir) throws Exception {
        try (RelayServer relay = startServer(dataDir)) {
            ApiClient api = relay.api();
            JsonNode acme = api.post("/api/v1/tenants", """
                    {"id":"acme","name":"Acme Corp","quotas":{"ingest_per_s":100,"max_in_flight":16,"max_sources":5,"max_targets":null}}""")
                    .expect(201);
            for (String id : List.of("beta", "gamma", "delta")) {
                api.post("/api/v1/tenants", "{\"id\":\"" + id + "\"}").expect(201);
            }

            assertThat(acme.path("created_at").asText()).matches("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d{3})?Z");
            assertThat(api.get("/api/v1/tenants/acme").expect(200)).isEqualTo(acme);
            assertThat(api.post("/api/v1/tenants", "{\"id\":\"acme\"}").error()).isEqualTo("conflict");
            assertThat(idsPagedTwoAtATime(api)).containsExactly("acme", "beta", "default", "delta", "gamma");

            JsonNode replaced = api.put("/api/v1/tenants/acme", "{\"name\":\"Acme Inc\",\"quotas\":{\"max_targets\":2}}").expect(200);
            assertThat(replaced.path("name").asText()).isEqualTo("Acme Inc");
            assertThat(replaced.path("quotas").path("ingest_per_s").isNull()).isTrue();
            assertThat(replaced.path("quotas").path("max_targets").asInt()).isEqualTo(2);
            assertThat(replaced.path("created_at")).isEqualTo(acme.path("created_at"));

            assertThat(api.post("/api/v1/tenants/beta/suspend").expect(200).path("suspended").asBoolean()).isTrue();
            assertThat(api.post("/api/v1/tenants/gamma/suspend").expect(200).path("suspended").asBoolean()).isTrue();
            assertThat(api.post("/api/v1/tenants/gamma/resume").expect(200).path("suspended").asBoolean()).isFalse();
            api.delete("/api/v1/tenants/delta").expect(204);
            assertThat(api.get("/api/v1/tenants/delta").error()).isEqualTo("not_found");
            assertThat(api.delete("/api/v1/tenants/delta").error()).isEqualTo("not_found");
            assertThat(api.post("/api/v1/tenants/delta/suspend").error()).isEqualTo("not_found");
        }

        try (RelayServer relay = restartServer(dataDir)) {
            ApiClient api = relay.api();
            assertThat(idsPagedTwoAtATime(api)).containsExactly("acme", "beta", "default", "gamma");
            assertThat(api.get("/api/v1/tenants/acme").expect(200).path("name").asText()).isEqualTo("Acme Inc");
            assertThat(api.get("/api/v1/tenants/beta").expect(200).path("suspended").asBoolean()).isTrue();
        }
    }

    @Test
    void aKeysTokenIsShownOnceAndKeptOnlyAsItsHash(@TempDir Path dataDir) throws Exception {
        String token;
        try (RelayServer relay = startServer(dataDir)) {
            ApiClient api = relay.api();
            api.post("/api/v1/tenants", "{\"id\":\"acme\"}").expect(201);
            JsonNode issued = api.post("/api/v1/tenants/acme/keys",
                    "{\"name\":\"deploys\",\"scope\":\"read\",\"expires_at\":\"2099-01-01T00:00:00Z\"}").expect(201);
            token = issued.path("token").asText();
            JsonNode other = api.post("/api/v1/tenants/acme/keys", "{\"name\":\"ci\",\"scope\":\"admin\"}").expect(201);

            assertThat(token).matches("hrk_[A-Za-z0-9_-]{43}");
            assertThat(other.path("token").asText()).matches("hrk_[A-Za-z0-9_-]{43}").isNotEqualTo(token);
            assertThat(issued.path("id").asText()).matches("key_[0-9A-HJKMNP-TV-Z]{26}");
            JsonNode listed = api.get("/api/v1/tenants/acme/keys").expect(200);
            assertThat(listed.path("data")).hasSize(2).allSatisfy(key -> assertThat(key.has("token")).isFalse());
            assertThat(listed.path("data").get(0).path("expires_at").asText()).isEqualTo("2099-01-01T00:00:00Z");
            assertThat(listed.path("data").get(0).path("last_used_at").isNull()).isTrue();
            assertThat(listed.toString()).doesNotContain(token);
            assertThat(api.get("/api/v1/tenants/default/keys").expect(200).path("data")).isEmpty();
            assertThat(api.get("/api/v1/tenants/ghost/keys").error()).isEqualTo("not_found");
            assertThat(api.post("/api/v1/tenants/ghost/keys", "{\"name\":\"ci\",\"scope\":\"read\"}").error()).isEqualTo("not_found");
            assertThat(api.post("/api/v1/tenants/acme/keys", "{\"name\":\"ci\",\"scope\":\"read\",\"expires_at\":\"2020-01-01T00:00:00Z\"}")
                    .error()).isEqualTo("invalid_request");

            String revoked = other.path("id").asText();
            assertThat(api.delete("/api/v1/tenants/default/keys/" + revoked).error()).isEqualTo("not_found");
            api.delete("/api/v1/tenants/acme/keys/" + revoked).expect(204);
            assertThat(api.delete("/api/v1/tenants/acme/keys/" + revoked).error()).isEqualTo("not_found");
            assertThat(api.get("/api/v1/tenants/acme/keys").expect(200).path("data")).singleElement()
                    .satisfies(key -> assertThat(key.path("id")).isEqualTo(issued.path("id")));
        }

        String atRest = keysAtRest(dataDir);
        assertThat(atRest).contains(KeyHash.sha256Hex(token)).doesNotContain(token).doesNotContain(token.substring(4));
    }

    @Test
    void everyChangeIsInTheAuditLogWithWhoMadeItAndNeverASecret(@TempDir Path dataDir) throws Exception {
        String sourceSecret = "It's a Secret to Everybody";
        String targetSecret = "whsec_BwgJCgsMDQ4PEBESExQVFhcYGRobHB0eHyAhIiMkJSY=";
        try (RelayServer relay = startServer(dataDir)) {
            ApiClient api = relay.api();
            api.post("/api/v1/sources", "{\"id\":\"github\",\"verify\":{\"scheme\":\"hmac-sha256\",\"secret\":\"" + sourceSecret + "\"}}")
                    .expect(201);
            api.post("/api/v1/targets", "{\"id\":\"ci\",\"url\":\"" + relay.startReceiver().url() + "\",\"secret\":\"" + targetSecret + "\"}")
                    .expect(201);
            String route = api.post("/api/v1/routes", "{\"source\":\"github\",\"target\":\"ci\"}").expect(201).path("id").asText();
            api.post("/api/v1/targets/ci/pause").expect(200);
            api.put("/api/v1/settings", "{\"operator_target\":\"ci\"}").expect(200);
            api.post("/api/v1/deliveries/retry", "{\"state\":\"failed\",\"dry_run\":true}").expect(200);
            api.post("/api/v1/tenants", "{\"id\":\"acme\"}").expect(201);
            JsonNode key = api.post("/api/v1/tenants/acme/keys", "{\"name\":\"ci\",\"scope\":\"read\"}").expect(201);
            api.delete("/api/v1/tenants/acme/keys/" + key.path("id").asText()).expect(204);
            api.post("/api/v1/tenants/acme/suspend").expect(200);
            api.delete("/api/v1/routes/" + route).expect(204);
            assertThat(api.post("/api/v1/targets/nosuch/pause").status()).isEqualTo(404);

            JsonNode log = api.get("/api/v1/audit?limit=500").expect(200);
            assertThat(StreamSupport.stream(log.path("data").spliterator(), false)
                    .map(entry -> entry.path("tenant").asText() + " " + entry.path("action").asText() + " " + entry.path("resource").path("id").asText()))
                    .containsExactly("default route.delete " + route, "acme tenant.suspend acme", "acme key.delete " + key.path("id").asText(),
                            "acme key.create " + key.path("id").asText(), "acme tenant.create acme", "default settings.update null",
                            "default target.pause ci", "default route.create " + route, "default target.create ci",
                            "default source.create github");
            assertThat(log.path("data")).allSatisfy(entry -> {
                assertThat(entry.path("actor").asText()).isEqualTo("operator");
                assertThat(entry.path("id").asText()).matches("aud_[0-9A-HJKMNP-TV-Z]{26}");
                assertThat(entry.path("at").asText()).endsWith("Z");
            });
            assertThat(log.toString()).doesNotContain(sourceSecret, targetSecret, key.path("token").asText());
            assertThat(api.get("/api/v1/audit?tenant=acme&limit=2").expect(200).path("data")).extracting(entry -> entry.path("action").asText())
                    .containsExactly("tenant.suspend", "key.delete");
            JsonNode firstPage = api.get("/api/v1/audit?limit=3").expect(200);
            JsonNode nextPage = api.get("/api/v1/audit?limit=3&cursor=" + firstPage.path("next_cursor").asText()).expect(200);
            assertThat(nextPage.path("data").get(0)).isEqualTo(log.path("data").get(3));
        }
    }

    private static List<String> idsPagedTwoAtATime(ApiClient api) {
        List<String> ids = new ArrayList<>();
        String path = "/api/v1/tenants?limit=2";
        while (path != null) {
            JsonNode page = api.get(path).expect(200);
            StreamSupport.stream(page.path("data").spliterator(), false).map(tenant -> tenant.path("id").asText()).forEach(ids::add);
            assertThat(page.path("data").size()).isLessThanOrEqualTo(2);
            path = page.path("next_cursor").isNull() ? null : "/api/v1/tenants?limit=2&cursor=" + page.path("next_cursor").asText();
        }
        return ids;
    }
}
