package io.hookrelay.it.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.it.support.NewTarget;
import io.hookrelay.it.support.RateWindow;
import io.hookrelay.it.support.Receiver;
import io.hookrelay.it.support.RelayCluster;
import io.hookrelay.storage.postgres.testing.PostgresTestDatabase;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A target's rate limit across three nodes on one PostgreSQL database: each node takes webhooks for it and every
 * node delivers, yet together they start no more than the limit allows, one bucket for all of them.
 */
class ClusterRateLimitIT {
    @RegisterExtension
    static final PostgresTestDatabase postgres = new PostgresTestDatabase();

    private static final double PER_SECOND = 5;
    private static final int BURST = 5;
    private static final Duration WINDOW = Duration.ofSeconds(10);
    private static final int BACKLOG = 120;

    @Test
    void threeNodesTogetherKeepOneTargetsLimit() throws Exception {
        try (Receiver receiver = Receiver.start(); RelayCluster cluster = RelayCluster.start(3, postgres.url())) {
            cluster.createPlainSource("shop");
            cluster.createRoutedTarget("shop", NewTarget.to("slow", receiver).rateLimitPerSecond(PER_SECOND));
            for (int node = 0; node < cluster.size(); node++) {
                cluster.api(node).ingest("shop", "application/json", "{\"type\":\"warm.up\"}".getBytes(StandardCharsets.UTF_8), Map.of())
                        .expect(202);
            }
            receiver.awaitRequests(cluster.size());

            for (int i = 0; i < BACKLOG; i++) {
                cluster.api(i % cluster.size()).ingest("shop", "application/json",
                        ("{\"type\":\"order.paid\",\"n\":" + i + "}").getBytes(StandardCharsets.UTF_8), Map.of()).expect(202);
            }
            long inWindow = RateWindow.arrivalsInFirst(receiver, cluster.size(), WINDOW);

            System.out.printf("[figures] ClusterRateLimitIT three nodes, %s/s: %d requests in the first %d s (ceiling %d)%n",
                    PER_SECOND, inWindow, WINDOW.toSeconds(), (long) (PER_SECOND * WINDOW.toSeconds()) + BURST);
            assertThat(inWindow).isLessThanOrEqualTo((long) (PER_SECOND * WINDOW.toSeconds()) + BURST).isPositive();
            cluster.assertNoErrorsPrinted();
        }
    }
}
