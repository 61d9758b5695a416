package io.hookrelay.it.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.it.stress.TimingSensitive;
import io.hookrelay.it.support.ApiClient;
import io.hookrelay.it.support.ApiResponse;
import io.hookrelay.it.support.Receiver;
import io.hookrelay.it.support.RelayCluster;
import io.hookrelay.queue.testing.Await;
import io.hookrelay.storage.postgres.testing.PostgresTestDatabase;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * DESIGN §12 across three nodes on one database: a tenant's {@code ingest_per_s} and {@code max_in_flight} hold for the
 * cluster, not for each node, and a revoked key is refused by every node within a second.
 */
@TimingSensitive
class ClusterTenantIT {
    @RegisterExtension
    static final PostgresTestDatabase postgres = new PostgresTestDatabase();

    private static final int NODES = 3;
    private static final int INGEST_PER_S = 5;
    private static final int MAX_IN_FLIGHT = 3;
    /** Long enough that the rate's deliveries would have more than the limit unanswered at once. */
    private static final Duration ANSWER_DELAY = Duration.ofMillis(1_500);
    /** Sent from six threads at once, far faster than the rate allows. */
    private static final int WEBHOOKS = 60;

    /** Each scenario's cluster on an empty schema: the tenants of the one before would still hold its ids. */
    @BeforeEach
    void emptySchema() throws SQLException {
        postgres.execute("DROP SCHEMA public CASCADE");
        postgres.execute("CREATE SCHEMA public");
    }

    @Test
    void aTenantsIngestRateAndMaxInFlightHoldForTheClusterTogether() throws Exception {
        try (Receiver slow = Receiver.start();
             RelayCluster cluster = RelayCluster.start(NODES, postgres.url())) {
            slow.delayAnswers(ANSWER_DELAY);
            ApiClient operator = cluster.api(0);
            operator.post("/api/v1/tenants", "{\"id\":\"acme\",\"quotas\":{\"ingest_per_s\":" + INGEST_PER_S + ",\"max_in_flight\":"
                    + MAX_IN_FLIGHT + "}}").expect(201);
            ApiClient acme = operator.withToken(Optional.of(tokenOf(operator, "acme")));
            acme.post("/api/v1/sources", "{\"id\":\"shop\"}").expect(201);
            acme.post("/api/v1/targets", "{\"id\":\"slow\",\"url\":\"" + slow.url() + "\",\"max_in_flight\":10}").expect(201);
            acme.post("/api/v1/routes", "{\"source\":\"shop\",\"target\":\"slow\"}").expect(201);

            List<Callable<ApiResponse>> webhooks = IntStream.range(0, WEBHOOKS).<Callable<ApiResponse>>mapToObj(n -> () -> cluster
                    .api(n % NODES).ingest("acme/shop", "application/json", ("{\"n\":" + n + "}").getBytes(StandardCharsets.UTF_8), Map.of()))
                    .toList();
            List<ApiResponse> answers = new ArrayList<>();
            ExecutorService providers = Executors.newFixedThreadPool(2 * NODES);
            long started = System.nanoTime();
            try {
                for (Future<ApiResponse> answer : providers.invokeAll(webhooks)) {
                    answers.add(answer.get());
                }
            } finally {
                providers.shutdownNow();
            }
            double seconds = (System.nanoTime() - started) / 1e9;
            long accepted = answers.stream().filter(answer -> answer.status() == 202).count();
            List<ApiResponse> refused = answers.stream().filter(answer -> answer.status() != 202).toList();
            Await.until("every accepted webhook delivered", Duration.ofSeconds(60), () -> slow.requestCount() >= accepted);

            System.out.printf("[figures] ClusterTenantIT: %d webhooks over %d nodes in %.2f s at ingest_per_s=%d: %d accepted, "
                            + "%d refused; max_in_flight=%d: most requests unanswered at once %d%n", WEBHOOKS, NODES, seconds, INGEST_PER_S, accepted,
                    refused.size(), MAX_IN_FLIGHT, slow.mostUnansweredAtOnce());
            long allowed = (long) Math.ceil(INGEST_PER_S * (1 + seconds)) + 1;
            assertThat(accepted).as("accepted: a second's worth at once, then the rate, over every node together")
                    .isBetween((long) INGEST_PER_S, allowed);
            assertThat(refused).as("refused, of %d sent where the rate allowed %d", WEBHOOKS, allowed)
                    .hasSizeGreaterThanOrEqualTo((int) Math.max(0, WEBHOOKS - allowed)).allSatisfy(answer -> {
                assertThat(answer.status()).isEqualTo(429);
                assertThat(answer.error()).isEqualTo("rate_limited");
                assertThat(answer.header("Retry-After")).isPresent();
            });
            assertThat(slow.mostUnansweredAtOnce()).as("requests the receiver had unanswered at once, from all nodes")
                    .isEqualTo(MAX_IN_FLIGHT);
            assertThat(acme.get("/api/v1/deliveries?state=failed").expect(200).path("data")).isEmpty();
            cluster.assertNoErrorsPrinted();
        }
    }

    @Test
    void aRevokedKeyIsRefusedByEveryNodeWithinASecond() throws Exception {
        try (RelayCluster cluster = RelayCluster.start(NODES, postgres.url())) {
            ApiClient operator = cluster.api(0);
            operator.post("/api/v1/tenants", "{\"id\":\"acme\"}").expect(201);
            String token = tokenOf(operator, "acme");
            String keyId = operator.get("/api/v1/tenants/acme/keys").expect(200).path("data").get(0).path("id").asText();
            List<ApiClient> withKey = new ArrayList<>();
            for (int node = 0; node < NODES; node++) {
                withKey.add(cluster.api(node).withToken(Optional.of(token)));
                withKey.get(node).get("/api/v1/sources").expect(200);
            }

            operator.delete("/api/v1/tenants/acme/keys/" + keyId).expect(204);
            long revoked = System.nanoTime();
            List<Long> refusedAfterMillis = new ArrayList<>();
            for (ApiClient node : withKey) {
                Await.until("the revoked key refused", Duration.ofSeconds(5), () -> node.get("/api/v1/sources").status() == 401);
                refusedAfterMillis.add(Duration.ofNanos(System.nanoTime() - revoked).toMillis());
            }

            System.out.printf("[figures] ClusterTenantIT: a revoked key refused by each of %d nodes after %s ms%n", NODES,
                    refusedAfterMillis);
            assertThat(refusedAfterMillis).allSatisfy(millis -> assertThat(millis).isLessThanOrEqualTo(1_000));
        }
    }

    private static String tokenOf(ApiClient operator, String tenant) {
        return operator.post("/api/v1/tenants/" + tenant + "/keys", "{\"name\":\"test\",\"scope\":\"admin\"}").expect(201)
                .path("token").asText();
    }
}
