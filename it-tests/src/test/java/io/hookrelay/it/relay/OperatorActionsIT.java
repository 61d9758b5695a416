package io.hookrelay.it.relay;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.hookrelay.it.relay.RelayServer.NewTarget;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An operator's hands on deliveries: replay an event, retry one delivery, cancel one. */
class OperatorActionsIT {
    @TempDir
    Path dataDir;

    private RelayServer relay;
    private Receiver first;
    private Receiver second;

    @BeforeEach
    void startRelayAndReceivers() throws Exception {
        relay = RelayServer.start(dataDir);
        first = Receiver.start();
        second = Receiver.start();
        relay.createPlainSource("shop");
        relay.createTarget(NewTarget.to("first", first));
        relay.createTarget(NewTarget.to("second", second));
        relay.createRoute("shop", "first");
    }

    @AfterEach
    void stop() {
        relay.close();
        first.close();
        second.close();
    }

    @Test
    void replaySendsTheEventToTodaysRoutesUnderTheSameWebhookId() throws Exception {
        String eventId = relay.accept("shop", "{\"type\":\"order.created\"}");
        String original = relay.onlyDeliveryOf(eventId);
        relay.awaitDelivery(original, "completed");
        relay.createRoute("shop", "second");

        JsonNode replay = RelayServer.expect(202, relay.postNoBody("/api/v1/events/" + eventId + "/replay"));

        assertThat(replay.path("event_id").asText()).isEqualTo(eventId);
        List<String> replayIds = new ArrayList<>();
        List<String> replayTargets = new ArrayList<>();
        replay.path("deliveries").forEach(delivery -> {
            replayIds.add(delivery.path("id").asText());
            replayTargets.add(delivery.path("target").asText());
        });
        assertThat(replayTargets).containsExactlyInAnyOrder("first", "second");
        assertThat(replayIds).doesNotContain(original).doesNotHaveDuplicates();
        for (String id : replayIds) {
            relay.awaitDelivery(id, "completed");
        }
        assertThat(first.requests()).hasSize(2)
                .allSatisfy(request -> assertThat(request.header("webhook-id")).hasValue(eventId));
        assertThat(second.requests()).hasSize(1)
                .allSatisfy(request -> assertThat(request.header("webhook-id")).hasValue(eventId));
        assertThat(relay.deliveriesOfEvent(eventId)).hasSize(3);
    }

    @Test
    void aCompletedDeliveryCannotBeRetried() throws Exception {
        String delivery = relay.onlyDeliveryOf(relay.accept("shop", "{\"type\":\"order.created\"}"));
        relay.awaitDelivery(delivery, "completed");

        ApiResponse refused = relay.postNoBody("/api/v1/deliveries/" + delivery + "/retry");

        assertThat(refused.status()).isEqualTo(409);
        assertThat(refused.error()).isEqualTo("conflict");
        assertThat(first.requests()).hasSize(1);
    }

    /**
     * The delivery is cancelled while its target is paused, so it is certainly still pending. A later event
     * to the same target is the witness that the resumed target's workers went past the cancelled one.
     */
    @Test
    void aCancelledDeliveryIsNotSentUntilAnOperatorRetriesIt() throws Exception {
        assertThat(RelayServer.expect(200, relay.postNoBody("/api/v1/targets/first/pause")).path("paused").asBoolean()).isTrue();
        String cancelledEvent = relay.accept("shop", "{\"type\":\"order.created\"}");
        String delivery = relay.onlyDeliveryOf(cancelledEvent);

        JsonNode cancelled = RelayServer.expect(200, relay.postNoBody("/api/v1/deliveries/" + delivery + "/cancel"));
        assertThat(cancelled.path("state").asText()).isEqualTo("cancelled");
        assertThat(relay.postNoBody("/api/v1/deliveries/" + delivery + "/cancel").status())
                .as("cancelling an ended delivery").isEqualTo(409);

        RelayServer.expect(200, relay.postNoBody("/api/v1/targets/first/resume"));
        String laterEvent = relay.accept("shop", "{\"type\":\"order.updated\"}");
        relay.awaitDelivery(relay.onlyDeliveryOf(laterEvent), "completed");
        assertThat(relay.delivery(delivery).path("state").asText()).isEqualTo("cancelled");
        assertThat(first.requests()).extracting(request -> request.header("webhook-id").orElseThrow()).containsExactly(laterEvent);

        JsonNode retried = RelayServer.expect(200, relay.postNoBody("/api/v1/deliveries/" + delivery + "/retry"));
        assertThat(retried.path("state").asText()).isIn("pending", "running", "completed");
        relay.awaitDelivery(delivery, "completed");
        assertThat(first.requests()).extracting(request -> request.header("webhook-id").orElseThrow())
                .containsExactly(laterEvent, cancelledEvent);
    }
}
