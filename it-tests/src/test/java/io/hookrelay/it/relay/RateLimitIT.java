package io.hookrelay.it.relay;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.hookrelay.it.support.NewTarget;
import io.hookrelay.it.support.RateWindow;
import io.hookrelay.it.support.Receiver;
import io.hookrelay.it.support.RelayServer;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A target's rate limit on one node (SQLite): a backlog far above it reaches the receiver at the limit, at most
 * the limit times the window plus one burst, and what waits for the limit is never failed or charged an attempt,
 * though the target has no retries, so a wait counted as a failed attempt would fail its delivery.
 */
class RateLimitIT {
    private static final double PER_SECOND = 5;
    private static final int BURST = 5;
    private static final Duration WINDOW = Duration.ofSeconds(10);
    private static final int BACKLOG = 100;

    @AutoClose
    private RelayServer relay;

    @Test
    void aBacklogReachesTheReceiverAtTheLimit(@TempDir Path dataDir) throws Exception {
        relay = RelayServer.start(dataDir);
        Receiver receiver = relay.startReceiver();
        relay.createPlainSource("shop");
        relay.createRoutedTarget("shop", NewTarget.to("slow", receiver).rateLimitPerSecond(PER_SECOND).retrySchedule());
        assertThat(relay.api().get("/api/v1/targets/slow").expect(200).path("rate_limit_per_s").asDouble()).isEqualTo(PER_SECOND);
        relay.accept("shop", "{\"type\":\"warm.up\"}");
        receiver.awaitRequests(1);

        for (int i = 0; i < BACKLOG; i++) {
            relay.accept("shop", "{\"type\":\"order.paid\",\"n\":" + i + "}");
        }
        long inWindow = RateWindow.arrivalsInFirst(receiver, 1, WINDOW);

        System.out.printf("[figures] RateLimitIT one node, %s/s: %d requests in the first %d s (ceiling %d)%n",
                PER_SECOND, inWindow, WINDOW.toSeconds(), (long) (PER_SECOND * WINDOW.toSeconds()) + BURST);
        assertThat(inWindow).isLessThanOrEqualTo((long) (PER_SECOND * WINDOW.toSeconds()) + BURST).isPositive();
        for (JsonNode delivery : relay.deliveries()) {
            assertThat(delivery.path("state").asText()).as("never failed for the limit").isIn("pending", "running", "completed");
            assertThat(delivery.path("attempts").asInt()).as("waiting is no attempt").isLessThanOrEqualTo(1);
        }
    }
}
