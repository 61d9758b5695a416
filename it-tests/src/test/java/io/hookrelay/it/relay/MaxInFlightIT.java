package io.hookrelay.it.relay;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.hookrelay.it.stress.TimingSensitive;
import io.hookrelay.it.support.NewTarget;
import io.hookrelay.it.support.Receiver;
import io.hookrelay.it.support.RelayServer;
import io.hookrelay.queue.testing.Await;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A target's {@code max_in_flight} holds however many deliveries the relay may have in flight: while its
 * receiver sits on one request, the others wait, and once it has freed no slot for a moment they are turned
 * away (snoozed) without being sent and without spending an attempt.
 */
@TimingSensitive
class MaxInFlightIT {
    private static final int DELIVERIES = 3;
    /** More workers than deliveries: only the limit can keep them from sending all at once. */
    private static final int WORKERS = 4;

    @AutoClose
    private RelayServer relay;
    private Receiver slow;

    @BeforeEach
    void routeShopToSlowOneAtATime(@TempDir Path dataDir) {
        relay = RelayServer.start(dataDir, WORKERS, RelayServer.AUTO_PAUSE_AFTER);
        slow = relay.startReceiver();
        relay.createPlainSource("shop");
        relay.createRoutedTarget("shop", NewTarget.to("slow", slow).maxInFlight(1));
    }

    @Test
    void aHeldRequestKeepsTheTargetsOtherDeliveriesWaitingWithoutSpendingAttempts() throws Exception {
        slow.holdRequests();
        for (int i = 0; i < DELIVERIES; i++) {
            relay.accept("shop", "{\"type\":\"report.ready\",\"n\":" + i + "}");
        }
        String sending = slow.awaitRequests(1).get(0).header("x-hookrelay-delivery-id").orElseThrow();

        // A delivery put back for later, never attempted, was claimed and turned away: the limit at work.
        Await.until("the other deliveries turned away while one is held", RelayServer.WAIT, () ->
                relay.deliveriesToTarget("slow").stream()
                        .filter(delivery -> !delivery.path("id").asText().equals(sending))
                        .allMatch(MaxInFlightIT::turnedAway));
        assertThat(slow.requestCount()).isEqualTo(1);

        slow.releaseAll();
        List<JsonNode> delivered = relay.awaitDeliveriesToTarget("slow", DELIVERIES, "completed");

        assertThat(slow.mostUnansweredAtOnce()).isEqualTo(1);
        assertThat(slow.requests()).hasSize(DELIVERIES);
        for (JsonNode delivery : delivered) {
            assertThat(delivery.path("attempts").asInt()).as("attempts of %s", delivery.path("id").asText()).isEqualTo(1);
            assertThat(relay.delivery(delivery.path("id").asText()).path("attempt_log")).hasSize(1);
        }
    }

    private static boolean turnedAway(JsonNode delivery) {
        return delivery.path("state").asText().equals("pending")
                && delivery.path("attempts").asInt() == 0
                && Instant.parse(delivery.path("next_at").asText()).isAfter(Instant.parse(delivery.path("created_at").asText()));
    }
}
