package io.hookrelay.it.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.it.stress.TimingSensitive;
import io.hookrelay.it.support.DeliveryAudit;
import io.hookrelay.it.support.NewTarget;
import io.hookrelay.it.support.Receiver;
import io.hookrelay.it.support.RelayCluster;
import io.hookrelay.it.support.RelayDatabase;
import io.hookrelay.it.support.WebhookLoad.Refusal;
import io.hookrelay.queue.testing.Await;
import io.hookrelay.storage.postgres.testing.PostgresTestDatabase;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A rolling restart under load, as an upgrade is deployed: each node in turn is taken out of the providers'
 * rotation, stopped with SIGTERM and started again, while the others keep taking webhooks. Nothing
 * acknowledged is lost, and no node that was up answered with a {@code 5xx}.
 */
@TimingSensitive
class RollingRestartIT {
    @RegisterExtension
    static final PostgresTestDatabase postgres = new PostgresTestDatabase();

    private static final String SOURCE = "cluster-load";
    private static final int REQUESTS_BEFORE_THE_FIRST_STOP = 30;
    private static final int ACKNOWLEDGED_BY_EACH_RESTARTED_NODE = 20;

    /** A process that was stopped: it listened at {@code uri} and was sent SIGTERM at {@code signalledAtNanos}. */
    private record Stop(URI uri, long signalledAtNanos) {
        boolean excuses(Refusal refusal) {
            return refusal.relay().equals(uri) && refusal.atNanos() - signalledAtNanos > 0;
        }
    }

    @Test
    void everyNodeRestartedInTurnUnderLoadLosesNothingAndNoNodeThatIsUpAnswers5xx() throws Exception {
        try (Receiver receiver = Receiver.start();
             RelayCluster cluster = RelayCluster.start(3, postgres.url());
             RelayDatabase database = RelayDatabase.onPostgres(postgres.settings())) {
            receiver.delayAnswers(Duration.ofMillis(20));
            cluster.createPlainSource(SOURCE);
            cluster.createRoutedTarget(SOURCE, NewTarget.to("target", receiver));

            ClusterLoad load = ClusterLoad.start(cluster, SOURCE, 2, Duration.ofMillis(40));
            List<Stop> stops = new ArrayList<>();
            Map<Integer, Duration> stopTook = new HashMap<>();
            Map<Integer, Integer> exitCodes = new HashMap<>();
            try (load) {
                Await.until(REQUESTS_BEFORE_THE_FIRST_STOP + " deliveries before the first stop", ClusterLoad.DRAIN_PATIENCE,
                        () -> receiver.requestCount() >= REQUESTS_BEFORE_THE_FIRST_STOP);
                for (int node = 0; node < cluster.size(); node++) {
                    load.pointAt(node, cluster.uri((node + 1) % cluster.size()));
                    Stop stop = new Stop(cluster.uri(node), System.nanoTime());
                    stops.add(stop);
                    exitCodes.put(node, cluster.terminate(node));
                    stopTook.put(node, Duration.ofNanos(System.nanoTime() - stop.signalledAtNanos()));
                    int before = load.of(node).acknowledgedCount();
                    load.pointAt(node, cluster.restart(node));
                    load.awaitAcknowledged(node, before, ACKNOWLEDGED_BY_EACH_RESTARTED_NODE);
                }
            }
            ClusterLoad.awaitDrained(database);
            List<Refusal> refusals = load.refusals();
            System.out.printf("[figures] RollingRestartIT events sent=%d acknowledged=%d refused=%d SIGTERM->exit per node=%s%n",
                    load.sent(), load.acknowledgedCount(), refusals.size(),
                    stopTook.values().stream().map(Duration::toMillis).toList());

            assertThat(exitCodes).as("exit codes after SIGTERM").allSatisfy((node, code) -> assertThat(code).isZero());
            assertThat(refusals).as("answers other than 202 from nodes that were up")
                    .allMatch(refusal -> stops.stream().anyMatch(stop -> stop.excuses(refusal)));
            assertThat(refusals).as("5xx answers from any node, stopping or not")
                    .noneMatch(refusal -> refusal.status().orElse(0) >= 500 && refusal.status().orElse(0) != 503);
            cluster.assertNoErrorsPrinted();
            DeliveryAudit.assertDeliveredAsReceived(load.acknowledged(), ClusterLoad.receipts(Map.of("target", receiver), 200),
                    List.of("target"), database, (earlier, later) -> false);
        }
    }
}
