package io.hookrelay.it.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.it.support.NewTarget;
import io.hookrelay.it.support.RelayCluster;
import io.hookrelay.it.support.RelayServer;
import io.hookrelay.queue.testing.Await;
import io.hookrelay.storage.postgres.testing.PostgresTestDatabase;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Every node of one relay carries the same mark on its deliveries, so a webhook fanned out by one node back into
 * the other is refused there at its first return: one event on PostgreSQL, however many routes point back.
 */
class ClusterLoopGuardIT {
    @RegisterExtension
    static final PostgresTestDatabase postgres = new PostgresTestDatabase();

    private static final int FAN_OUT = 6;
    private static final Pattern LOOPS_DETECTED = Pattern.compile("(?m)^relay_ingest_total\\{outcome=\"loop_detected\"} (\\S+)$");

    @Test
    void aWebhookFannedOutBackIntoAnyNodeMakesNoSecondEvent() throws Exception {
        try (RelayCluster cluster = RelayCluster.start(2, postgres.url())) {
            cluster.createPlainSource("loop");
            for (int i = 0; i < FAN_OUT; i++) {
                cluster.createRoutedTarget("loop", NewTarget.at("back-" + i, cluster.uri(i % 2) + "/hooks/loop").retrySchedule(3600));
            }

            cluster.api(1).ingest("loop", "application/json", "{\"type\":\"order.created\"}".getBytes(StandardCharsets.UTF_8), Map.of())
                    .expect(202);

            Await.until(FAN_OUT + " deliveries answered 508 loop_detected by the two nodes", RelayServer.WAIT,
                    () -> loopsDetected(cluster, 0) + loopsDetected(cluster, 1) == FAN_OUT);
            assertThat(loopsDetected(cluster, 0)).as("refused by node 0, which did not send them all").isPositive();
            assertThat(loopsDetected(cluster, 1)).as("refused by node 1").isPositive();
            assertThat(cluster.api(0).get("/api/v1/events").json().path("data")).as("the one webhook's event, and no other").hasSize(1);
            cluster.assertNoErrorsPrinted();
        }
    }

    private static int loopsDetected(RelayCluster cluster, int node) {
        Matcher counted = LOOPS_DETECTED.matcher(cluster.api(node).get("/metrics").body());
        return counted.find() ? (int) Double.parseDouble(counted.group(1)) : 0;
    }
}
