package io.hookrelay.it.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.hookrelay.it.stress.TimingSensitive;
import io.hookrelay.it.support.NewTarget;
import io.hookrelay.it.support.RateWindow;
import io.hookrelay.it.support.Receiver;
import io.hookrelay.it.support.RelayCluster;
import io.hookrelay.it.support.RelayDatabase;
import io.hookrelay.storage.postgres.testing.PostgresTestDatabase;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A target's rate limit across three nodes on one PostgreSQL database: each node takes webhooks for it and every
 * node delivers, yet together they start no more than the limit allows in any window, one bucket for all of them,
 * and no fewer than {@value #FLOOR_PERCENT}% of that in the first while the backlog lasts (over twice the window).
 * The nodes' own clocks are 45 s ahead and 45 s behind a correct one's (libfaketime): the bucket is refilled by the
 * database's clock, which every node keeps. Attempts are timed by their start in the attempt log, as the node that
 * made each saw it, which is the database's time ({@link RateWindow} says why). What waits for the limit is never failed or charged an attempt, though the target has no retries, so a wait
 * counted as a failed attempt would fail its delivery.
 */
@TimingSensitive
class ClusterRateLimitIT {
    @RegisterExtension
    static final PostgresTestDatabase postgres = new PostgresTestDatabase();

    private static final Duration SKEW = Duration.ofSeconds(45);
    private static final double PER_SECOND = 5;
    private static final int BURST = 5;
    private static final Duration WINDOW = Duration.ofSeconds(10);
    private static final int BACKLOG = 120;
    /**
     * Of the limit times the window; the first window opens at the first attempt after the warm-ups, so a limiter that
     * keeps up loses nothing to its start.
     */
    private static final int FLOOR_PERCENT = 60;

    @Test
    void threeNodesTogetherKeepOneTargetsLimit() throws Exception {
        try (Receiver receiver = Receiver.start();
             RelayCluster cluster = RelayCluster.startWithClocks(List.of(Duration.ZERO, SKEW, SKEW.negated()), postgres.url())) {
            cluster.createPlainSource("shop");
            cluster.createRoutedTarget("shop", NewTarget.to("slow", receiver).rateLimitPerSecond(PER_SECOND).retrySchedule());
            for (int node = 0; node < cluster.size(); node++) {
                cluster.api(node).ingest("shop", "application/json", "{\"type\":\"warm.up\"}".getBytes(StandardCharsets.UTF_8), Map.of())
                        .expect(202);
            }
            receiver.awaitRequests(cluster.size());

            for (int i = 0; i < BACKLOG; i++) {
                cluster.api(i % cluster.size()).ingest("shop", "application/json",
                        ("{\"type\":\"order.paid\",\"n\":" + i + "}").getBytes(StandardCharsets.UTF_8), Map.of()).expect(202);
            }
            RateWindow attempts;
            try (RelayDatabase database = RelayDatabase.onPostgres(postgres.settings())) {
                attempts = RateWindow.of(database, "slow", cluster.size(), WINDOW);
            }

            long ceiling = (long) (PER_SECOND * WINDOW.toSeconds()) + BURST;
            long floor = (long) (PER_SECOND * WINDOW.toSeconds()) * FLOOR_PERCENT / 100;
            System.out.printf("[figures] ClusterRateLimitIT three nodes, %s/s: %d attempts started in the first %d s, at most %d"
                            + " in any %d s (floor %d, ceiling %d)%n", PER_SECOND, attempts.firstWindow(), WINDOW.toSeconds(),
                    attempts.busiestWindow(), WINDOW.toSeconds(), floor, ceiling);
            assertThat(attempts.busiestWindow()).as("at most the limit plus one burst in any window, over every node")
                    .isLessThanOrEqualTo(ceiling);
            assertThat(attempts.firstWindow()).as("at the limit, not below it, while the backlog lasts").isGreaterThanOrEqualTo(floor);
            JsonNode deliveries = cluster.api(0).get("/api/v1/deliveries?limit=500").expect(200).path("data");
            assertThat(deliveries).as("every delivery, warm-ups included").hasSize(BACKLOG + cluster.size());
            for (JsonNode delivery : deliveries) {
                assertThat(delivery.path("state").asText()).as("never failed for the limit").isEqualTo("completed");
                assertThat(delivery.path("attempts").asInt()).as("waiting is no attempt").isEqualTo(1);
            }
            cluster.assertNoErrorsPrinted();
        }
    }
}
