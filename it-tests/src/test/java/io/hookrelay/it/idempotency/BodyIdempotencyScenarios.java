package io.hookrelay.it.idempotency;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.hookrelay.it.support.ApiResponse;
import io.hookrelay.it.support.NewTarget;
import io.hookrelay.it.support.Receiver;
import io.hookrelay.it.support.RelayServer;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A source that takes its idempotency key from the body ({@code idempotency_json_pointer}, Stripe's {@code /id}), on
 * each backend, at a real receiver: a provider's redelivery is the first event again and reaches the target once, a
 * number is a key as written, and a body with no usable key there is stored every time it comes, never refused and
 * never taken for another.
 */
abstract class BodyIdempotencyScenarios {
    private static final String STRIPE = "{\"id\":\"stripe\",\"event_type\":{\"json_pointer\":\"/type\"},\"idempotency_json_pointer\":\"/id\"}";
    private static final String STRIPE_EVENT_ID = "evt_1NxyzQ2eZvKYlo2CbGh8aT3k";
    /** Stripe's event as its webhook sends it: the event's id at {@code /id}, the invoice's own id deeper down. */
    private static final String INVOICE_PAID = """
            {"id":"%s","object":"event","api_version":"2024-06-20","created":1718900000,"livemode":false,
             "type":"invoice.paid","pending_webhooks":1,"request":{"id":null,"idempotency_key":null},
             "data":{"object":{"id":"in_1NxyzQ2eZvKYlo2C","object":"invoice","status":"paid","amount_paid":2000}}}"""
            .formatted(STRIPE_EVENT_ID);

    private RelayServer relay;
    private Receiver ledger;

    abstract RelayServer startServer(Path dataDir) throws Exception;

    @BeforeEach
    void routeStripeToLedger(@TempDir Path dataDir) throws Exception {
        relay = startServer(dataDir);
        ledger = relay.startReceiver();
        relay.createSource(STRIPE);
        relay.createRoutedTarget("stripe", NewTarget.to("ledger", ledger));
    }

    @AfterEach
    void stop() {
        relay.close();
    }

    /** Stripe sends an event again when our answer did not reach it; the header a client adds does not make it another. */
    @Test
    void aStripeEventSentTwiceAnswersTheFirstEventAndReachesTheReceiverOnce() throws Exception {
        JsonNode first = ingest("application/json", INVOICE_PAID, Map.of()).expect(202);
        JsonNode again = ingest("application/json", INVOICE_PAID, Map.of("Idempotency-Key", "not-the-key-here")).expect(200);

        String eventId = first.path("event_id").asText();
        assertThat(first.has("duplicate")).as("a new event is not marked duplicate").isFalse();
        assertThat(again.path("duplicate").asBoolean()).as("the same /id is the same event").isTrue();
        assertThat(again.path("event_id").asText()).isEqualTo(eventId);
        assertThat(eventsKeyed(STRIPE_EVENT_ID)).as("the event holding the body's id as its key").containsExactly(eventId);
        relay.awaitDelivery(relay.onlyDeliveryOf(eventId), "completed");
        assertThat(relay.events()).hasSize(1);
        assertThat(relay.deliveries()).hasSize(1);
        assertThat(ledger.requests()).as("one delivery at the receiver").hasSize(1);
        Receiver.Request delivered = ledger.requests().get(0);
        assertThat(delivered.header("webhook-id")).hasValue(eventId);
        assertThat(delivered.header("x-hookrelay-event-type")).hasValue("invoice.paid");
        assertThat(new String(delivered.body(), StandardCharsets.UTF_8)).isEqualTo(INVOICE_PAID);
    }

    @Test
    void aNumberAtThePointerIsAKeyAsWritten() throws Exception {
        String order = "{\"id\":1042,\"type\":\"order.paid\"}";
        String first = ingest("application/json", order, Map.of()).expect(202).path("event_id").asText();
        JsonNode again = ingest("application/json", order, Map.of()).expect(200);
        String next = ingest("application/json", "{\"id\":1043,\"type\":\"order.paid\"}", Map.of()).expect(202).path("event_id").asText();

        assertThat(again.path("duplicate").asBoolean()).isTrue();
        assertThat(again.path("event_id").asText()).isEqualTo(first);
        assertThat(next).as("another number is another event").isNotEqualTo(first);
        assertThat(eventsKeyed("1042")).containsExactly(first);
        relay.awaitDeliveriesToTarget("ledger", 2, "completed");
        assertThat(ledger.requests()).extracting(request -> request.header("webhook-id").orElseThrow()).containsExactlyInAnyOrder(first, next);
    }

    /**
     * No id, {@code null}, an object, a boolean, an empty string, one over 256 characters, a body that is not JSON:
     * none is a key, so each webhook is stored, sent twice, as two events, both delivered.
     */
    @Test
    void aBodyWithoutAUsableKeyAtThePointerIsStoredEachTimeItComes() throws Exception {
        List<String> keyless = List.of("{\"type\":\"invoice.paid\"}", "{\"id\":null,\"type\":\"invoice.paid\"}",
                "{\"id\":{\"id\":\"" + STRIPE_EVENT_ID + "\"},\"type\":\"invoice.paid\"}", "{\"id\":true,\"type\":\"invoice.paid\"}",
                "{\"id\":\"\",\"type\":\"invoice.paid\"}", "{\"id\":\"" + "k".repeat(257) + "\",\"type\":\"invoice.paid\"}");
        Set<String> events = new HashSet<>();
        for (String body : keyless) {
            for (int time = 0; time < 2; time++) {
                JsonNode accepted = ingest("application/json", body, Map.of()).expect(202);
                assertThat(accepted.has("duplicate")).as("%s, time %d", body, time + 1).isFalse();
                events.add(accepted.path("event_id").asText());
            }
        }
        for (int time = 0; time < 2; time++) {
            events.add(ingest("text/plain", STRIPE_EVENT_ID, Map.of()).expect(202).path("event_id").asText());
        }

        int sent = 2 * (keyless.size() + 1);
        assertThat(events).as("every webhook its own event").hasSize(sent);
        assertThat(eventsKeyed(STRIPE_EVENT_ID)).as("a body that is not JSON has no key, even one that reads like an id").isEmpty();
        relay.awaitDeliveriesToTarget("ledger", sent, "completed");
        assertThat(ledger.requests()).extracting(request -> request.header("webhook-id").orElseThrow())
                .as("each delivered once").containsExactlyInAnyOrderElementsOf(events);
    }

    private ApiResponse ingest(String contentType, String body, Map<String, String> headers) {
        return relay.api().ingest("stripe", contentType, body.getBytes(StandardCharsets.UTF_8), headers);
    }

    /** The ids of the events of the source that hold {@code key}, as {@code GET /api/v1/events?idempotency_key=} finds them. */
    private List<String> eventsKeyed(String key) {
        List<String> ids = new ArrayList<>();
        relay.api().get("/api/v1/events?source=stripe&idempotency_key=" + URLEncoder.encode(key, StandardCharsets.UTF_8)).expect(200)
                .path("data").forEach(event -> ids.add(event.path("id").asText()));
        return ids;
    }
}
