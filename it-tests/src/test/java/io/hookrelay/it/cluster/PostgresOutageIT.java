package io.hookrelay.it.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.it.support.ApiClient;
import io.hookrelay.it.support.ApiResponse;
import io.hookrelay.it.support.DeliveryAudit;
import io.hookrelay.it.support.NewTarget;
import io.hookrelay.it.support.PostgresOutage;
import io.hookrelay.it.support.Receiver;
import io.hookrelay.it.support.RelayCluster;
import io.hookrelay.it.support.RelayDatabase;
import io.hookrelay.it.support.WebhookLoad.Refusal;
import io.hookrelay.queue.testing.Await;
import io.hookrelay.storage.postgres.testing.PostgresTestDatabase;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * PostgreSQL gone for five seconds under load, as a database restart or failover takes it away: every node
 * answers webhooks {@code 503} with {@code Retry-After} (never a {@code 500}) and fails {@code /readyz} while
 * it is gone, and once it is back every node, never restarted, is ready again, takes webhooks and delivers,
 * with nothing it acknowledged lost.
 */
class PostgresOutageIT {
    @RegisterExtension
    static final PostgresTestDatabase postgres = new PostgresTestDatabase();

    private static final String SOURCE = "cluster-load";
    private static final Duration OUTAGE = Duration.ofSeconds(5);
    private static final Duration RECOVERY_PATIENCE = Duration.ofSeconds(30);
    private static final int REQUESTS_BEFORE_THE_OUTAGE = 30;

    @Test
    void everyNodeRefusesWith503DuringTheOutageAndRecoversByItselfLosingNothingAcknowledged() throws Exception {
        try (Receiver receiver = Receiver.start();
             PostgresOutage outage = PostgresOutage.inFrontOf(postgres);
             RelayCluster cluster = RelayCluster.start(3, outage.url());
             RelayDatabase database = RelayDatabase.onPostgres(postgres.settings())) {
            receiver.delayAnswers(Duration.ofMillis(20));
            cluster.createPlainSource(SOURCE);
            cluster.createRoutedTarget(SOURCE, NewTarget.to("target", receiver));

            ClusterLoad load = ClusterLoad.start(cluster, SOURCE, 2, Duration.ofMillis(40));
            long outageBegan;
            long outageEnded;
            List<Duration> readyAgainAfter = new ArrayList<>();
            try (load) {
                Await.until(REQUESTS_BEFORE_THE_OUTAGE + " deliveries before the outage", ClusterLoad.DRAIN_PATIENCE,
                        () -> receiver.requestCount() >= REQUESTS_BEFORE_THE_OUTAGE);
                outageBegan = System.nanoTime();
                outage.begin();
                awaitEveryNodeUnavailable(cluster, outageBegan);
                // The outage lasts its whole length however soon the nodes noticed it.
                Thread.sleep(Math.max(0, Duration.ofNanos(outageBegan + OUTAGE.toNanos() - System.nanoTime()).toMillis()));
                outage.end();
                outageEnded = System.nanoTime();
                for (int node = 0; node < cluster.size(); node++) {
                    ApiClient api = cluster.api(node);
                    Await.until("node " + node + " ready again", RECOVERY_PATIENCE, () -> api.get("/readyz").status() == 200);
                    readyAgainAfter.add(Duration.ofNanos(System.nanoTime() - outageEnded));
                }
                for (int node = 0; node < cluster.size(); node++) {
                    int which = node;
                    Await.until("node " + node + " acknowledging again", RECOVERY_PATIENCE,
                            () -> !load.of(which).eventIdsSentAfter(outageEnded).isEmpty());
                }
                Await.until("deliveries after the outage", RECOVERY_PATIENCE,
                        () -> receiver.requests().stream().anyMatch(request -> request.arrivedAtNanos() - outageEnded > 0));
            }
            long firstDeliveryAfter = receiver.requests().stream().mapToLong(Receiver.Request::arrivedAtNanos)
                    .filter(arrival -> arrival - outageEnded > 0).min().orElseThrow();
            ClusterLoad.awaitDrained(database);
            List<Refusal> refusals = load.refusals();
            System.out.printf("[figures] PostgresOutageIT outage=%dms events acknowledged=%d refused=%d (503: %d)"
                            + " outage end->ready per node=%s outage end->first delivery=%dms%n",
                    Duration.ofNanos(outageEnded - outageBegan).toMillis(), load.acknowledgedCount(), refusals.size(),
                    refusals.stream().filter(refusal -> refusal.status().orElse(0) == 503).count(),
                    readyAgainAfter.stream().map(Duration::toMillis).toList(),
                    Duration.ofNanos(firstDeliveryAfter - outageEnded).toMillis());

            assertThat(refusals).as("refusals other than 503 (a 500, or no answer at all)")
                    .allMatch(refusal -> refusal.status().orElse(0) == 503);
            for (int node = 0; node < cluster.size(); node++) {
                assertThat(cluster.isUp(node)).as("node %d still the process first started", node).isTrue();
            }
            DeliveryAudit.assertDeliveredAsReceived(load.acknowledged(), ClusterLoad.receipts(Map.of("target", receiver), 200),
                    List.of("target"), database, (earlier, later) -> true);
        }
    }

    /**
     * Waits, within the outage, until every node has answered a webhook {@code 503} with {@code Retry-After}
     * and failed {@code /readyz}.
     */
    private static void awaitEveryNodeUnavailable(RelayCluster cluster, long outageBegan) throws InterruptedException {
        Set<Integer> refusing = new HashSet<>();
        Set<Integer> unready = new HashSet<>();
        byte[] probe = "{\"type\":\"probe\"}".getBytes(StandardCharsets.UTF_8);
        Await.until("every node answering 503 with Retry-After and failing /readyz", OUTAGE, () -> {
            for (int node = 0; node < cluster.size(); node++) {
                ApiClient api = cluster.api(node);
                ApiResponse ingest = api.ingest(SOURCE, "application/json", probe, Map.of());
                assertThat(ingest.status()).as("a webhook during the outage: %s", ingest).isIn(202, 503);
                if (ingest.status() == 503 && ingest.header("Retry-After").isPresent()) {
                    refusing.add(node);
                }
                if (api.get("/readyz").status() != 200) {
                    unready.add(node);
                }
            }
            return refusing.size() == cluster.size() && unready.size() == cluster.size();
        });
        System.out.printf("[figures] PostgresOutageIT outage begin->every node 503 and unready=%dms%n",
                Duration.ofNanos(System.nanoTime() - outageBegan).toMillis());
    }
}
