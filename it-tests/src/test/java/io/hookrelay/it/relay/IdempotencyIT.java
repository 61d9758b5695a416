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
 * event back and the target gets it once: by {@code Idempotency-Key}, else by {@code webhook-id}, or, for a
 * source that says so, by its event's id in the body, as Stripe sends it.
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

    @Test
    void aStripeSourceKeyedByTheBodysIdDeliversARedeliveryOnceAndStoresABodyWithoutOne() throws Exception {
        relay.createSource("{\"id\":\"stripe\",\"event_type\":{\"json_pointer\":\"/type\"},\"idempotency_json_pointer\":\"/id\"}");
        relay.createRoute("stripe", "ledger");
        byte[] paid = """
                {"id":"evt_1PQv2xLkdIwHu7ix","object":"event","api_version":"2024-06-20","created":1718900000,
                 "type":"invoice.paid","data":{"object":{"id":"in_1PQv","object":"invoice","status":"paid"}}}"""
                .getBytes(StandardCharsets.UTF_8);

        JsonNode first = relay.api().ingest("stripe", "application/json", paid, Map.of()).expect(202);
        JsonNode again = relay.api().ingest("stripe", "application/json", paid, Map.of("Idempotency-Key", "other")).expect(200);
        JsonNode notJson = relay.api().ingest("stripe", "text/plain", "evt_1PQv2xLkdIwHu7ix".getBytes(StandardCharsets.UTF_8),
                Map.of()).expect(202);

        assertThat(again.path("duplicate").asBoolean()).isTrue();
        assertThat(again.path("event_id").asText()).isEqualTo(first.path("event_id").asText());
        assertThat(notJson.path("event_id").asText()).isNotEqualTo(first.path("event_id").asText());
        assertThat(relay.api().get("/api/v1/events?source=stripe&idempotency_key=evt_1PQv2xLkdIwHu7ix").expect(200)
                .path("data").get(0).path("id").asText()).isEqualTo(first.path("event_id").asText());
        relay.awaitDelivery(relay.onlyDeliveryOf(first.path("event_id").asText()), "completed");
        assertThat(relay.deliveriesToTarget("ledger")).hasSize(2);
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
