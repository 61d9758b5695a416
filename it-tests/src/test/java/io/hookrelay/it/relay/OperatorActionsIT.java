package io.hookrelay.it.relay;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.hookrelay.it.support.ApiResponse;
import io.hookrelay.it.support.NewTarget;
import io.hookrelay.it.support.Receiver;
import io.hookrelay.it.support.RelayServer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An operator's hands on deliveries: replay an event, retry one delivery, cancel one. */
class OperatorActionsIT {
    @AutoClose
    private RelayServer relay;
    private Receiver first;
    private Receiver second;

    @BeforeEach
    void routeShopToFirstOnly(@TempDir Path dataDir) {
        relay = RelayServer.start(dataDir);
        first = relay.startReceiver();
        second = relay.startReceiver();
        relay.createPlainSource("shop");
        relay.createRoutedTarget("shop", NewTarget.to("first", first));
        relay.createTarget(NewTarget.to("second", second));
    }

    @Test
    void replaySendsTheEventToTodaysRoutesUnderTheSameWebhookId() throws Exception {
        String eventId = relay.accept("shop", "{\"type\":\"order.created\"}");
        String original = relay.onlyDeliveryOf(eventId);
        relay.awaitDelivery(original, "completed");
        relay.createRoute("shop", "second");

        JsonNode replay = relay.api().post("/api/v1/events/" + eventId + "/replay").expect(202);

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

        ApiResponse refused = relay.api().post("/api/v1/deliveries/" + delivery + "/retry");

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
        assertThat(relay.api().post("/api/v1/targets/first/pause").expect(200).path("paused").asBoolean()).isTrue();
        String cancelledEvent = relay.accept("shop", "{\"type\":\"order.created\"}");
        String delivery = relay.onlyDeliveryOf(cancelledEvent);

        JsonNode cancelled = relay.api().post("/api/v1/deliveries/" + delivery + "/cancel").expect(200);
        assertThat(cancelled.path("state").asText()).isEqualTo("cancelled");
        assertThat(relay.api().post("/api/v1/deliveries/" + delivery + "/cancel").status())
                .as("cancelling an ended delivery").isEqualTo(409);

        relay.api().post("/api/v1/targets/first/resume").expect(200);
        String laterEvent = relay.accept("shop", "{\"type\":\"order.updated\"}");
        relay.awaitDelivery(relay.onlyDeliveryOf(laterEvent), "completed");
        assertThat(relay.delivery(delivery).path("state").asText()).isEqualTo("cancelled");
        assertThat(first.requests()).extracting(request -> request.header("webhook-id").orElseThrow()).containsExactly(laterEvent);

        JsonNode retried = relay.api().post("/api/v1/deliveries/" + delivery + "/retry").expect(200);
        assertThat(retried.path("state").asText()).isIn("pending", "running", "completed");
        relay.awaitDelivery(delivery, "completed");
        assertThat(first.requests()).extracting(request -> request.header("webhook-id").orElseThrow())
                .containsExactly(laterEvent, cancelledEvent);
    }
}
