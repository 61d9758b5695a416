package io.hookrelay.it.relay;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.hookrelay.it.support.NewTarget;
import io.hookrelay.it.support.Receiver.Answer;
import io.hookrelay.it.support.Receiver;
import io.hookrelay.it.support.RelayServer;
import java.nio.file.Path;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A receiver that answers 410 Gone has said it wants nothing more: the delivery fails at once and its
 * target is paused, so later events wait (pending) until an operator resumes it.
 *
 * <p>A second target on the same source is the witness: once it has an event, the workers have been past
 * that event's deliveries, so the paused target's delivery still pending means it was held, not just not yet
 * reached.
 */
class GoneTargetIT {
    @AutoClose
    private RelayServer relay;
    private Receiver gone;
    private Receiver witness;

    @BeforeEach
    void routeShopToLegacyAndWitness(@TempDir Path dataDir) {
        relay = RelayServer.start(dataDir);
        gone = relay.startReceiver();
        witness = relay.startReceiver();
        relay.createPlainSource("shop");
        // Immediate retries to spare: a single attempt can then only mean that 410 stopped them.
        relay.createRoutedTarget("shop", NewTarget.to("legacy", gone).retrySchedule(0, 0, 0));
        relay.createRoutedTarget("shop", NewTarget.to("witness", witness));
    }

    @Test
    void goneFailsTheDeliveryAndPausesTheTargetUntilResumed() throws Exception {
        gone.answerNext(Answer.status(410).withBody("this endpoint was removed"));

        String firstEvent = relay.accept("shop", "{\"type\":\"order.created\"}");
        JsonNode failed = relay.awaitDelivery(relay.deliveryOf(firstEvent, "legacy"), "failed");

        assertThat(failed.path("attempts").asInt()).isEqualTo(1);
        assertThat(failed.path("attempt_log")).hasSize(1);
        assertThat(failed.path("attempt_log").get(0).path("status_code").asInt()).isEqualTo(410);
        assertThat(relay.target("legacy").path("paused").asBoolean()).isTrue();

        String secondEvent = relay.accept("shop", "{\"type\":\"order.updated\"}");
        relay.awaitDelivery(relay.deliveryOf(secondEvent, "witness"), "completed");
        String held = relay.deliveryOf(secondEvent, "legacy");
        assertThat(relay.delivery(held).path("state").asText()).isEqualTo("pending");
        assertThat(relay.delivery(held).path("attempts").asInt()).isZero();
        assertThat(gone.requests()).hasSize(1);

        JsonNode resumed = relay.api().post("/api/v1/targets/legacy/resume").expect(200);
        assertThat(resumed.path("paused").asBoolean()).isFalse();
        JsonNode delivered = relay.awaitDelivery(held, "completed");

        assertThat(delivered.path("attempts").asInt()).isEqualTo(1);
        assertThat(gone.requests()).hasSize(2);
        assertThat(gone.requests().get(1).header("webhook-id")).hasValue(secondEvent);
        assertThat(relay.delivery(failed.path("id").asText()).path("state").asText())
                .as("resuming a target does not resend what already failed").isEqualTo("failed");
    }
}
