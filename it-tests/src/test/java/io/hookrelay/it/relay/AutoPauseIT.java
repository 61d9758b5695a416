package io.hookrelay.it.relay;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.hookrelay.it.support.NewTarget;
import io.hookrelay.it.support.Receiver.Answer;
import io.hookrelay.it.support.Receiver;
import io.hookrelay.it.support.RelayServer;
import io.hookrelay.queue.testing.Await;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A target whose attempts keep failing is paused after {@code --auto-pause-after} failures in a row, across
 * its deliveries; its deliveries wait, pending rather than failed, and resuming it sends the backlog.
 */
class AutoPauseIT {
    private static final int AUTO_PAUSE_AFTER = 3;

    @AutoClose
    private RelayServer relay;
    private Receiver receiver;

    @BeforeEach
    void routeShopToCrm(@TempDir Path dataDir) {
        relay = RelayServer.start(dataDir, RelayServer.WORKERS, AUTO_PAUSE_AFTER);
        receiver = relay.startReceiver();
        relay.createPlainSource("shop");
        // Immediate retries, more of them than the failures that pause the target: only the pause stops them.
        relay.createRoutedTarget("shop", NewTarget.to("crm", receiver).retrySchedule(0, 0, 0, 0, 0, 0));
    }

    @Test
    void consecutiveFailuresPauseTheTargetAndResumingDeliversTheBacklog() throws Exception {
        receiver.answerOtherwise(Answer.status(500));

        relay.accept("shop", "{\"type\":\"customer.created\"}");
        relay.accept("shop", "{\"type\":\"customer.updated\"}");
        Await.until("crm paused", RelayServer.WAIT, () -> relay.target("crm").path("paused").asBoolean());
        List<JsonNode> waiting = relay.awaitDeliveriesToTarget("crm", 2, "pending");

        int attempts = waiting.stream().mapToInt(delivery -> delivery.path("attempts").asInt()).sum();
        // The failure that pauses the target is the third; the other delivery may have been in flight by then.
        assertThat(attempts).isBetween(AUTO_PAUSE_AFTER, AUTO_PAUSE_AFTER + 1);
        assertThat(receiver.requests()).hasSize(attempts);
        assertThat(waiting).anySatisfy(delivery -> assertThat(delivery.path("last_error").asText()).startsWith("http_5xx"));

        relay.accept("shop", "{\"type\":\"customer.deleted\"}");
        receiver.answerOtherwise(Answer.status(200));
        relay.api().post("/api/v1/targets/crm/resume").expect(200);

        relay.awaitDeliveriesToTarget("crm", 3, "completed");
        assertThat(relay.target("crm").path("paused").asBoolean()).isFalse();
        assertThat(receiver.requests().stream().map(request -> request.header("webhook-id").orElseThrow()).distinct())
                .hasSize(3);
    }
}
