package io.hookrelay.it.tenants;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.hookrelay.it.support.ApiClient;
import io.hookrelay.it.support.ApiResponse;
import io.hookrelay.it.support.Json;
import io.hookrelay.it.support.Receiver;
import io.hookrelay.it.support.RelayServer;
import io.hookrelay.queue.testing.Await;
import java.net.http.HttpRequest.BodyPublishers;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The operator's tenants through the real server, on each backend (DESIGN §12): {@code default} there from the first
 * start, others created, paged through, replaced, suspended, resumed and deleted; a restart keeps them.
 */
abstract class TenantScenarios {

    abstract RelayServer startServer(Path dataDir) throws Exception;

    /** A server that keeps completed and failed deliveries, and their events, for {@code retention} only. */
    abstract RelayServer startServerRetaining(Path dataDir, Duration retention) throws Exception;

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

    /**
     * Two tenants with the same source, target and route ids: each key sees and changes its own only, another tenant's
     * id is a 404 exactly as a missing one, and the operator reaches either through {@code Hookrelay-Tenant}.
     */
    @Test
    void twoTenantsWithTheSameIdsEachSeeAndChangeOnlyTheirOwn(@TempDir Path dataDir) throws Exception {
        try (RelayServer relay = startServer(dataDir)) {
            ApiClient operator = relay.api();
            Receiver defaults = relay.startReceiver();
            Receiver acmes = relay.startReceiver();
            operator.post("/api/v1/tenants", "{\"id\":\"acme\"}").expect(201);
            ApiClient acme = withKey(operator, "acme", "admin");
            String defaultRoute = configure(operator, defaults);
            String acmeRoute = configure(acme, acmes);
            String defaultEvent = operator.ingest("github", "application/json", "{}".getBytes(StandardCharsets.UTF_8), Map.of())
                    .expect(202).path("event_id").asText();
            String acmeEvent = operator.ingest("acme/github", "application/json", "{\"n\":1}".getBytes(StandardCharsets.UTF_8), Map.of())
                    .expect(202).path("event_id").asText();
            defaults.awaitRequests(1);
            acmes.awaitRequests(1);
            String defaultDelivery = operator.get("/api/v1/events/" + defaultEvent).expect(200).path("deliveries").get(0).path("id").asText();
            List<String> defaultsBefore = snapshot(operator);

            for (String path : List.of("/api/v1/sources/github", "/api/v1/targets/ci", "/api/v1/events/" + acmeEvent)) {
                assertThat(acme.get(path).expect(200).toString()).doesNotContain(defaultEvent);
            }
            for (String path : List.of("/api/v1/events/" + defaultEvent, "/api/v1/deliveries/" + defaultDelivery)) {
                assertThat(acme.get(path).error()).isEqualTo("not_found");
            }
            assertThat(acme.post("/api/v1/deliveries/" + defaultDelivery + "/retry").error()).isEqualTo("not_found");
            assertThat(acme.post("/api/v1/events/" + defaultEvent + "/replay").error()).isEqualTo("not_found");
            assertThat(acme.delete("/api/v1/routes/" + defaultRoute).error()).isEqualTo("not_found");
            assertThat(idsOf(acme.get("/api/v1/events").expect(200))).containsExactly(acmeEvent);
            assertThat(idsOf(acme.get("/api/v1/routes").expect(200))).containsExactly(acmeRoute);
            assertThat(acme.post("/api/v1/deliveries/retry", "{\"state\":\"failed\",\"dry_run\":true}").expect(200)
                    .path("would_retry").asInt()).isZero();
            acme.post("/api/v1/targets/ci/pause").expect(200);
            acme.delete("/api/v1/sources/github").expect(204);

            assertThat(snapshot(operator)).as("nothing of default's changed").isEqualTo(defaultsBefore);
            assertThat(idsOf(operator.send("GET", "/api/v1/events?source=github", BodyPublishers.noBody(), Map.of("Hookrelay-Tenant", "acme"))
                    .expect(200))).containsExactly(acmeEvent);
            assertThat(operator.get("/api/v1/operator-events").expect(200).path("data")).as("the pause was acme's").isEmpty();
            assertThat(operator.get("/api/v1/audit?tenant=acme&limit=3").expect(200).path("data"))
                    .extracting(entry -> entry.path("actor").asText()).allMatch(actor -> actor.startsWith("key_"));
            assertThat(defaults.requests()).hasSize(1);
            assertThat(acmes.requests()).singleElement().satisfies(request ->
                    assertThat(new String(request.body(), StandardCharsets.UTF_8)).isEqualTo("{\"n\":1}"));
        }
    }

    @Test
    void aReadKeyOnlyReadsAndARevokedOrExpiredKeyOpensNothing(@TempDir Path dataDir) throws Exception {
        try (RelayServer relay = startServer(dataDir)) {
            ApiClient operator = relay.api();
            operator.post("/api/v1/tenants", "{\"id\":\"acme\"}").expect(201);
            JsonNode issued = operator.post("/api/v1/tenants/acme/keys", "{\"name\":\"dashboards\",\"scope\":\"read\"}").expect(201);
            ApiClient reader = operator.withToken(Optional.of(issued.path("token").asText()));
            Instant expiry = Instant.now().plusSeconds(2).truncatedTo(ChronoUnit.SECONDS);
            ApiClient shortLived = operator.withToken(Optional.of(operator.post("/api/v1/tenants/acme/keys",
                    "{\"name\":\"ci\",\"scope\":\"admin\",\"expires_at\":\"" + expiry + "\"}").expect(201).path("token").asText()));

            reader.get("/api/v1/sources").expect(200);
            shortLived.get("/api/v1/sources").expect(200);
            assertThat(reader.post("/api/v1/sources", "{\"id\":\"github\"}").error()).isEqualTo("forbidden");
            assertThat(reader.get("/api/v1/tenants").error()).isEqualTo("forbidden");
            assertThat(reader.send("GET", "/api/v1/sources", BodyPublishers.noBody(), Map.of("Hookrelay-Tenant", "default"))
                    .error()).isEqualTo("forbidden");
            Await.until("the key's use recorded", Duration.ofSeconds(5), () -> {
                reader.get("/api/v1/sources").expect(200);
                return !operator.get("/api/v1/tenants/acme/keys").expect(200).path("data").get(0).path("last_used_at").isNull();
            });

            operator.delete("/api/v1/tenants/acme/keys/" + issued.path("id").asText()).expect(204);
            long revokedAt = System.nanoTime();
            Await.until("the revoked key refused", Duration.ofSeconds(1), () -> reader.get("/api/v1/sources").status() == 401);
            assertThat(Duration.ofNanos(System.nanoTime() - revokedAt)).isLessThan(Duration.ofSeconds(1));
            Await.until("the expired key refused", Duration.ofSeconds(5), () -> shortLived.get("/api/v1/sources").status() == 401);
            assertThat(Instant.now()).isAfterOrEqualTo(expiry);
        }
    }

    /** A suspended tenant takes no webhooks and its keys open nothing; its deliveries wait, and go once it is resumed. */
    @Test
    void aSuspendedTenantsWebhooksAreRefusedAndItsDeliveriesHeldUntilItIsResumed(@TempDir Path dataDir) throws Exception {
        try (RelayServer relay = startServer(dataDir)) {
            ApiClient operator = relay.api();
            Receiver receiver = relay.startReceiver();
            operator.post("/api/v1/tenants", "{\"id\":\"acme\"}").expect(201);
            ApiClient acme = withKey(operator, "acme", "admin");
            configure(acme, receiver);
            acme.post("/api/v1/targets/ci/pause").expect(200);
            operator.ingest("acme/github", "application/json", "{}".getBytes(StandardCharsets.UTF_8), Map.of()).expect(202);

            operator.post("/api/v1/tenants/acme/suspend").expect(200);
            Await.until("the key refused", Duration.ofSeconds(1), () -> "tenant_suspended".equals(acme.get("/api/v1/sources").error()));
            assertThat(operator.ingest("acme/github", "application/json", "{}".getBytes(StandardCharsets.UTF_8), Map.of()).error())
                    .isEqualTo("tenant_suspended");
            operator.send("POST", "/api/v1/targets/ci/resume", BodyPublishers.noBody(), Map.of("Hookrelay-Tenant", "acme")).expect(200);
            Thread.sleep(1_500);
            assertThat(receiver.requests()).as("held while suspended").isEmpty();
            assertThat(operator.send("GET", "/api/v1/deliveries", BodyPublishers.noBody(), Map.of("Hookrelay-Tenant", "acme"))
                    .expect(200).path("data").get(0).path("state").asText()).isEqualTo("pending");

            operator.post("/api/v1/tenants/acme/resume").expect(200);
            assertThat(receiver.awaitRequests(1)).hasSize(1);
            acme.get("/api/v1/sources").expect(200);
        }
    }

    /**
     * A deleted tenant's ingest URLs and ids are gone at once, its keys within a second (as a revoked key's); its rows
     * are purged in the background, and once they are its id may name a new tenant, which finds none of them.
     */
    @Test
    void aDeletedTenantsKeysUrlsAndIdsAreGoneAtOnce(@TempDir Path dataDir) throws Exception {
        try (RelayServer relay = startServer(dataDir)) {
            ApiClient operator = relay.api();
            operator.post("/api/v1/tenants", "{\"id\":\"acme\"}").expect(201);
            ApiClient acme = withKey(operator, "acme", "admin");
            configure(acme, relay.startReceiver());
            operator.ingest("acme/github", "application/json", "{}".getBytes(StandardCharsets.UTF_8), Map.of()).expect(202);

            operator.delete("/api/v1/tenants/acme").expect(204);

            Await.until("the deleted tenant's key refused", Duration.ofSeconds(1), () -> acme.get("/api/v1/sources").status() == 401);
            assertThat(operator.ingest("acme/github", "application/json", "{}".getBytes(StandardCharsets.UTF_8), Map.of()).error())
                    .isEqualTo("unknown_source");
            assertThat(operator.send("GET", "/api/v1/sources", BodyPublishers.noBody(), Map.of("Hookrelay-Tenant", "acme")).error())
                    .isEqualTo("not_found");
            assertThat(operator.get("/api/v1/sources").expect(200).path("data")).as("default's own, untouched").isEmpty();
            Await.until("the id free again once the rows are purged", Duration.ofSeconds(30),
                    () -> operator.post("/api/v1/tenants", "{\"id\":\"acme\"}").status() == 201);
            ApiClient again = withKey(operator, "acme", "admin");
            assertThat(again.get("/api/v1/sources").expect(200).path("data")).as("nothing of the deleted tenant's").isEmpty();
            assertThat(again.get("/api/v1/events").expect(200).path("data")).isEmpty();
        }
    }

    /** A tenant's count quotas refuse one more source or target; its webhooks a second, one more webhook, for a while. */
    @Test
    void quotasRefuseOneMoreSourceOrTargetAndWebhooksOverTheRateWithRetryAfter(@TempDir Path dataDir) throws Exception {
        try (RelayServer relay = startServer(dataDir)) {
            ApiClient operator = relay.api();
            operator.post("/api/v1/tenants", "{\"id\":\"acme\",\"quotas\":{\"ingest_per_s\":2,\"max_sources\":1,\"max_targets\":1}}")
                    .expect(201);
            ApiClient acme = withKey(operator, "acme", "admin");
            configure(acme, relay.startReceiver());

            assertThat(acme.post("/api/v1/sources", "{\"id\":\"stripe\"}").error()).isEqualTo("quota_exceeded");
            assertThat(acme.post("/api/v1/targets", "{\"id\":\"erp\",\"url\":\"https://erp.example/hooks\"}").error())
                    .isEqualTo("quota_exceeded");
            assertThat(idsOf(acme.get("/api/v1/sources").expect(200))).as("nothing stored").containsExactly("github");
            assertThat(idsOf(acme.get("/api/v1/targets").expect(200))).as("nothing stored").containsExactly("ci");
            operator.post("/api/v1/sources", "{\"id\":\"stripe\"}").expect(201);
            List<ApiResponse> burst = new ArrayList<>();
            for (int i = 0; i < 6; i++) {
                burst.add(operator.ingest("acme/github", "application/json", "{}".getBytes(StandardCharsets.UTF_8), Map.of()));
            }

            assertThat(burst).extracting(ApiResponse::status).contains(202).contains(429).containsOnly(202, 429);
            assertThat(burst.stream().filter(answer -> answer.status() == 202).count()).as("a second's worth at most").isLessThanOrEqualTo(3);
            ApiResponse limited = burst.stream().filter(answer -> answer.status() == 429).findFirst().orElseThrow();
            assertThat(limited.error()).isEqualTo("rate_limited");
            assertThat(limited.headers().firstValue("Retry-After")).hasValueSatisfying(seconds -> assertThat(Integer.parseInt(seconds)).isPositive());
            assertThat(acme.get("/api/v1/events?limit=50").expect(200).path("data").size()).as("a refused webhook is not stored")
                    .isEqualTo((int) burst.stream().filter(answer -> answer.status() == 202).count());
            assertThat(operator.ingest("github", "application/json", "{}".getBytes(StandardCharsets.UTF_8), Map.of()).status())
                    .as("the default tenant has no source github here, and no quota").isEqualTo(404);
        }
    }

    /**
     * The sweep (DESIGN §12, issue 35 part 6): every tenant-scoped route called in tenant B on tenant A's ids, with B's
     * admin key, by the operator naming B, and with B's read key; none reads or changes anything of A's.
     */
    @Test
    void theIsolationSweepFindsNoReadOrWriteAcrossTenants(@TempDir Path dataDir) throws Exception {
        try (RelayServer relay = startServer(dataDir)) {
            ApiClient operator = relay.api();
            Receiver defaults = relay.startReceiver();
            Receiver gone = relay.startReceiver();
            gone.answerOtherwise(Receiver.Answer.status(410));
            String route = configure(operator, defaults);
            operator.post("/api/v1/targets", "{\"id\":\"gone\",\"url\":\"" + gone.url() + "\"}").expect(201);
            operator.post("/api/v1/routes", "{\"source\":\"github\",\"target\":\"gone\"}").expect(201);
            operator.put("/api/v1/settings", "{\"operator_target\":\"ci\"}").expect(200);
            String event = operator.ingest("github", "application/json", "{}".getBytes(StandardCharsets.UTF_8), Map.of("Idempotency-Key", "key-1"))
                    .expect(202).path("event_id").asText();
            Await.until("one delivery completed, one failed", Duration.ofSeconds(10), () -> StreamSupport.stream(
                    operator.get("/api/v1/events/" + event).expect(200).path("deliveries").spliterator(), false)
                    .map(delivery -> delivery.path("state").asText()).sorted().toList().equals(List.of("completed", "failed")));
            String delivery = StreamSupport.stream(operator.get("/api/v1/events/" + event).expect(200).path("deliveries").spliterator(), false)
                    .filter(each -> each.path("target").asText().equals("ci")).findFirst().orElseThrow().path("id").asText();
            operator.post("/api/v1/tenants", "{\"id\":\"acme\"}").expect(201);
            ApiClient acme = withKey(operator, "acme", "admin");
            Receiver acmes = relay.startReceiver();
            acme.post("/api/v1/sources", "{\"id\":\"github\",\"max_body_bytes\":2048}").expect(201);
            acme.post("/api/v1/targets", "{\"id\":\"ci\",\"url\":\"" + acmes.url() + "\"}").expect(201);
            acme.post("/api/v1/routes", "{\"source\":\"github\",\"target\":\"ci\"}").expect(201);
            operator.ingest("acme/github", "application/json", "{}".getBytes(StandardCharsets.UTF_8), Map.of()).expect(202);
            acmes.awaitRequests(1);
            // The webhook and the operator events of gone's pause and of its failed delivery, all delivered to ci.
            defaults.awaitRequests(3);
            Await.until("nothing of default's under way", Duration.ofSeconds(10), () -> List.of("pending", "running").stream()
                    .allMatch(state -> operator.get("/api/v1/deliveries?state=" + state).expect(200).path("data").isEmpty()));
            // The sampler's next sample, within its 10 s: the sweep then checks acme's charts against a failure of default's.
            Await.until("default's failed attempt charted", RelayServer.WAIT, () -> StreamSupport.stream(
                    operator.get("/api/v1/stats/activity").expect(200).path("samples").spliterator(), false)
                    .anyMatch(sample -> sample.path("failed_per_s").asDouble() > 0));
            List<String> before = everythingOf(operator, event, delivery);
            IsolationSweep sweep = new IsolationSweep(event, delivery, route, acmes.url());

            assertThat(sweep.run(acme, Map.of(), false)).as("with acme's admin key").isEmpty();
            assertThat(sweep.run(operator, Map.of("Hookrelay-Tenant", "acme"), false)).as("by the operator in acme").isEmpty();
            assertThat(sweep.run(withKey(operator, "acme", "read"), Map.of(), true)).as("with acme's read key").isEmpty();

            assertThat(everythingOf(operator, event, delivery)).as("default's rows, before and after").isEqualTo(before);
            assertThat(defaults.requests()).as("nothing of default's sent again").hasSize(3);
        }
    }

    /**
     * A tenant's usage counts the events it accepted (not a repeat refused by its idempotency key), the attempts sent and
     * the deliveries ended, none of another tenant's, and stays once retention has deleted the rows it counted.
     */
    @Test
    void usageCountsATenantsOwnDayAndOutlivesTheRowsRetentionDeletes(@TempDir Path dataDir) throws Exception {
        try (RelayServer relay = startServerRetaining(dataDir, Duration.ofSeconds(1))) {
            ApiClient operator = relay.api();
            operator.post("/api/v1/tenants", "{\"id\":\"acme\"}").expect(201);
            operator.post("/api/v1/tenants", "{\"id\":\"beta\"}").expect(201);
            ApiClient acme = withKey(operator, "acme", "admin");
            Receiver refusing = relay.startReceiver();
            refusing.answerOtherwise(Receiver.Answer.status(500));
            configure(acme, relay.startReceiver());
            acme.post("/api/v1/targets", "{\"id\":\"failing\",\"url\":\"" + refusing.url() + "\",\"retry_schedule_s\":[1]}").expect(201);
            acme.post("/api/v1/routes", "{\"source\":\"github\",\"target\":\"failing\"}").expect(201);
            configure(operator, relay.startReceiver());

            operator.ingest("github", "application/json", "{}".getBytes(StandardCharsets.UTF_8), Map.of()).expect(202);
            for (int i = 0; i < 3; i++) {
                operator.ingest("acme/github", "application/json", "{}".getBytes(StandardCharsets.UTF_8), Map.of("Idempotency-Key", "order-" + i))
                        .expect(202);
            }
            assertThat(operator.ingest("acme/github", "application/json", "{}".getBytes(StandardCharsets.UTF_8),
                    Map.of("Idempotency-Key", "order-0")).expect(200).path("duplicate").asBoolean()).isTrue();

            // Each event: one attempt to ci that succeeds, two to failing (its one retry) before it fails for good.
            String acmesDay = "events=3 attempts=9 succeeded=3 failed=3";
            Await.until("acme's usage counted", RelayServer.WAIT, () -> usageAroundToday(operator, "acme").equals(acmesDay));
            Await.until("default's usage counted", RelayServer.WAIT,
                    () -> usageAroundToday(operator, "default").equals("events=1 attempts=1 succeeded=1 failed=0"));
            assertThat(usageAroundToday(operator, "beta")).isEqualTo("events=0 attempts=0 succeeded=0 failed=0");
            assertThat(acme.get("/api/v1/tenants/acme/usage").error()).as("operator-only").isEqualTo("forbidden");

            Await.until("acme's events and deliveries deleted by retention", RelayServer.WAIT, () -> List.of("/api/v1/events",
                    "/api/v1/deliveries").stream().allMatch(path -> acme.get(path).expect(200).path("data").isEmpty()));
            assertThat(usageAroundToday(operator, "acme")).isEqualTo(acmesDay);
        }
    }

    /**
     * The tenant's counts added up over yesterday, today and tomorrow (UTC), each of which is listed, zeros and all: a
     * run across midnight still adds up.
     */
    private static String usageAroundToday(ApiClient operator, String tenant) {
        LocalDate today = LocalDate.now(ZoneOffset.UTC);
        JsonNode days = operator.get("/api/v1/tenants/" + tenant + "/usage?from=" + today.minusDays(1) + "&to=" + today.plusDays(1))
                .expect(200).path("data");
        assertThat(days).extracting(day -> day.path("date").asText()).containsExactly(today.minusDays(1).toString(), today.toString(),
                today.plusDays(1).toString());
        long[] sums = new long[4];
        days.forEach(day -> {
            sums[0] += day.path("events_accepted").asLong();
            sums[1] += day.path("attempts").asLong();
            sums[2] += day.path("deliveries_succeeded").asLong();
            sums[3] += day.path("deliveries_failed").asLong();
        });
        return "events=%d attempts=%d succeeded=%d failed=%d".formatted(sums[0], sums[1], sums[2], sums[3]);
    }

    /** What the default tenant holds, its lists and its resources one by one, as the operator reads them. */
    private static List<String> everythingOf(ApiClient operator, String event, String delivery) {
        List<String> all = new ArrayList<>(snapshot(operator));
        for (String path : List.of("/api/v1/sources/github", "/api/v1/targets/ci", "/api/v1/targets/gone", "/api/v1/events/" + event,
                "/api/v1/deliveries/" + delivery, "/api/v1/operator-events", "/api/v1/deliveries?state=failed")) {
            all.add(operator.get(path).expect(200).toString());
        }
        return all;
    }

    static ApiClient withKey(ApiClient operator, String tenant, String scope) {
        String token = operator.post("/api/v1/tenants/" + tenant + "/keys", "{\"name\":\"test\",\"scope\":\"" + scope + "\"}")
                .expect(201).path("token").asText();
        return operator.withToken(Optional.of(token));
    }

    /** A source {@code github} routed to a target {@code ci} at {@code receiver}, in the client's tenant; the route's id. */
    static String configure(ApiClient api, Receiver receiver) {
        api.post("/api/v1/sources", "{\"id\":\"github\"}").expect(201);
        api.post("/api/v1/targets", "{\"id\":\"ci\",\"url\":\"" + receiver.url() + "\"}").expect(201);
        return api.post("/api/v1/routes", "{\"source\":\"github\",\"target\":\"ci\"}").expect(201).path("id").asText();
    }

    /** What the client's tenant holds, as its lists show it. */
    private static List<String> snapshot(ApiClient api) {
        return List.of("/api/v1/sources", "/api/v1/targets", "/api/v1/routes", "/api/v1/events", "/api/v1/deliveries",
                "/api/v1/settings", "/api/v1/stats/pending").stream().map(path -> api.get(path).expect(200).toString()).toList();
    }

    private static List<String> idsOf(JsonNode page) {
        return StreamSupport.stream(page.path("data").spliterator(), false).map(item -> item.path("id").asText()).toList();
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
