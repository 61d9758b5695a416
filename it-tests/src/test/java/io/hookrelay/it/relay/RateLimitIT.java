package io.hookrelay.it.relay;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.hookrelay.it.stress.TimingSensitive;
import io.hookrelay.it.support.NewTarget;
import io.hookrelay.it.support.RateWindow;
import io.hookrelay.it.support.Receiver;
import io.hookrelay.it.support.RelayDatabase;
import io.hookrelay.it.support.RelayServer;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A target's rate limit on one node (SQLite): a backlog far above it is sent at the limit, at most the limit times
 * the window plus one burst in any window and at least {@value #FLOOR_PERCENT}% of the limit times the window in the
 * first (the backlog lasts twice the window, so a limiter that holds deliveries back for longer than their tokens take
 * would fall short), and what waits for the limit is never failed or charged an attempt, though the target has no
 * retries, so a wait counted as a failed attempt would fail its delivery. Attempts are timed by their start in the
 * attempt log ({@link RateWindow} says why).
 */
@TimingSensitive
class RateLimitIT {
    private static final double PER_SECOND = 5;
    private static final int BURST = 5;
    private static final Duration WINDOW = Duration.ofSeconds(10);
    private static final int BACKLOG = 100;
    /**
     * Of the limit times the window; the first window opens at the first attempt after the warm-ups, so a limiter that
     * keeps up loses nothing to its start.
     */
    private static final int FLOOR_PERCENT = 60;

    @AutoClose
    private RelayServer relay;

    @Test
    void aBacklogIsSentAtTheLimit(@TempDir Path dataDir) throws Exception {
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
        RateWindow attempts;
        try (RelayDatabase database = RelayDatabase.open(dataDir)) {
            attempts = RateWindow.of(database, "slow", 1, WINDOW);
        }

        long ceiling = (long) (PER_SECOND * WINDOW.toSeconds()) + BURST;
        long floor = (long) (PER_SECOND * WINDOW.toSeconds()) * FLOOR_PERCENT / 100;
        System.out.printf("[figures] RateLimitIT one node, %s/s: %d attempts started in the first %d s, at most %d in any %d s"
                        + " (floor %d, ceiling %d)%n", PER_SECOND, attempts.firstWindow(), WINDOW.toSeconds(), attempts.busiestWindow(),
                WINDOW.toSeconds(), floor, ceiling);
        assertThat(attempts.busiestWindow()).as("at most the limit plus one burst in any window").isLessThanOrEqualTo(ceiling);
        assertThat(attempts.firstWindow()).as("at the limit, not below it, while the backlog lasts").isGreaterThanOrEqualTo(floor);
        for (JsonNode delivery : relay.deliveries()) {
            assertThat(delivery.path("state").asText()).as("never failed for the limit").isEqualTo("completed");
            assertThat(delivery.path("attempts").asInt()).as("waiting is no attempt").isEqualTo(1);
        }
    }
}
