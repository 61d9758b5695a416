package io.hookrelay.it.relay;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.hookrelay.it.support.ApiResponse;
import io.hookrelay.it.support.NewTarget;
import io.hookrelay.it.support.Receiver;
import io.hookrelay.it.support.RelayServer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A provider that sends the same webhook twice (it timed out waiting for our answer, say) gets the first
 * event back and the target gets it once: by {@code Idempotency-Key}, else by {@code webhook-id}. A source that
 * takes the key from the body, as Stripe sends it, is tried on both backends by
 * {@link io.hookrelay.it.idempotency.BodyIdempotencyScenarios}.
 */
class IdempotencyIT {
    private static final byte[] BODY = "{\"type\":\"invoice.paid\"}".getBytes(StandardCharsets.UTF_8);

    @AutoClose
    private RelayServer relay;
    private Receiver receiver;

    @BeforeEach
    void routeBillingToLedger(@TempDir Path dataDir) {
        relay = RelayServer.start(dataDir);
        receiver = relay.startReceiver();
        relay.createPlainSource("billing");
        relay.createRoutedTarget("billing", NewTarget.to("ledger", receiver));
    }

    @Test
    void aRepeatedIdempotencyKeyAnswersTheFirstEventAndDeliversOnce() throws Exception {
        assertDeliveredOnce(Map.of("Idempotency-Key", "order-1042"));
    }

    @Test
    void webhookIdIsTheKeyWhenThereIsNoIdempotencyKey() throws Exception {
        assertDeliveredOnce(Map.of("webhook-id", "msg_2Lj5Yd8"));
    }

    @Test
    void aDifferentKeyIsANewEvent() {
        String first = accepted(Map.of("Idempotency-Key", "order-1"));
        String second = accepted(Map.of("Idempotency-Key", "order-2"));

        assertThat(second).isNotEqualTo(first);
        assertThat(relay.events()).hasSize(2);
    }

    private void assertDeliveredOnce(Map<String, String> headers) throws Exception {
        JsonNode first = ingest(headers).expect(202);
        JsonNode again = ingest(headers).expect(200);

        String eventId = first.path("event_id").asText();
        assertThat(first.has("duplicate")).as("a new event is not marked duplicate").isFalse();
        assertThat(again.path("duplicate").asBoolean()).isTrue();
        assertThat(again.path("event_id").asText()).isEqualTo(eventId);
        assertThat(again.path("deliveries").asInt()).isEqualTo(1);
        relay.awaitDelivery(relay.onlyDeliveryOf(eventId), "completed");
        assertThat(relay.events()).hasSize(1);
        assertThat(relay.deliveries()).hasSize(1);
        assertThat(receiver.requests()).hasSize(1);
        assertThat(receiver.requests().get(0).header("webhook-id")).hasValue(eventId);
    }

    private String accepted(Map<String, String> headers) {
        return ingest(headers).expect(202).path("event_id").asText();
    }

    private ApiResponse ingest(Map<String, String> headers) {
        return relay.api().ingest("billing", "application/json", BODY, headers);
    }
}
