package io.hookrelay.http.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.hookrelay.delivery.model.Delivery;
import io.hookrelay.delivery.model.DeliveryDetail;
import io.hookrelay.delivery.model.PendingByTarget;
import io.hookrelay.delivery.model.TenantId;
import io.hookrelay.delivery.query.BulkRetry;
import io.hookrelay.delivery.query.BulkRetryPreview;
import io.hookrelay.delivery.query.Cursors;
import io.hookrelay.delivery.query.DeliveryFilter;
import io.hookrelay.delivery.query.Page;
import io.hookrelay.delivery.query.PageRequest;
import io.hookrelay.delivery.usecase.ManageDeliveries;
import io.hookrelay.http.ApiServer;
import io.hookrelay.http.Samples;
import io.hookrelay.queue.IntentState;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The delivery endpoints: filtered pages, one delivery with its log, retry and cancel, bulk retry, and what waits. */
class DeliveryEndpointsTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String EVENT = Samples.EVENT_ID;
    private static final String DELIVERY = Samples.DELIVERY_ID;

    private final List<Object> given = new CopyOnWriteArrayList<>();
    private final ApiServer server = new ApiServer(new Recording());

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void deliveriesAreFilteredAndPaged() throws Exception {
        HttpResponse<String> response = server.send("GET", "/api/v1/deliveries?state=failed&target=billing&event=" + EVENT
                + "&limit=500&cursor=" + Cursors.encode(DELIVERY), null);

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(tree(response).get("next_cursor").isNull()).isTrue();
        assertThat(given).containsExactly(List.of(
                new DeliveryFilter(Optional.of(IntentState.FAILED), Optional.of("billing"), Optional.of(EVENT)),
                new PageRequest(500, Optional.of(DELIVERY))));
    }

    @Test
    void aDeliveryIsShownRetriedAndCancelled() throws Exception {
        HttpResponse<String> shown = server.send("GET", "/api/v1/deliveries/" + DELIVERY, null);
        HttpResponse<String> retried = server.send("POST", "/api/v1/deliveries/" + DELIVERY + "/retry", null);
        HttpResponse<String> cancelled = server.send("POST", "/api/v1/deliveries/" + DELIVERY + "/cancel", "{}");

        assertThat(shown.statusCode()).isEqualTo(200);
        assertThat(tree(shown).get("attempt_log").isArray()).isTrue();
        assertThat(retried.statusCode()).isEqualTo(200);
        assertThat(tree(retried).get("state").asText()).isEqualTo("pending");
        assertThat(cancelled.statusCode()).isEqualTo(200);
        assertThat(tree(cancelled).get("state").asText()).isEqualTo("cancelled");
        assertThat(given).containsExactly("get " + DELIVERY, "retry " + DELIVERY, "cancel " + DELIVERY);
    }

    @Test
    void bulkRetrySaysHowMany() throws Exception {
        HttpResponse<String> response = server.send("POST", "/api/v1/deliveries/retry",
                "{\"state\":\"failed\",\"target\":\"billing\",\"since\":\"2024-05-01T14:00:00+02:00\"}");
        server.send("POST", "/api/v1/deliveries/retry", "{\"state\":\"cancelled\"}");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("{\"retried\":3}");
        assertThat(given).containsExactly(
                new BulkRetry(IntentState.FAILED, Optional.of("billing"), Optional.of(Instant.parse("2024-05-01T12:00:00Z"))),
                new BulkRetry(IntentState.CANCELLED, Optional.empty(), Optional.empty()));
    }

    @Test
    void aBulkRetryDryRunSaysHowManyWouldBeRetriedAndRetriesNone() throws Exception {
        HttpResponse<String> response = server.send("POST", "/api/v1/deliveries/retry",
                "{\"state\":\"failed\",\"since\":\"2024-05-01T12:00:00Z\",\"until\":\"2024-05-01T13:00:00Z\",\"dry_run\":true}");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("{\"would_retry\":10000,\"more\":true}");
        assertThat(given).containsExactly("preview " + new BulkRetry(IntentState.FAILED, Optional.empty(),
                Optional.of(Instant.parse("2024-05-01T12:00:00Z")), Optional.of(Instant.parse("2024-05-01T13:00:00Z"))));
    }

    @Test
    void whatWaitsIsCountedByTarget() throws Exception {
        HttpResponse<String> response = server.send("GET", "/api/v1/stats/pending", null);

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("{\"pending_by_target\":{\"billing\":7},\"more\":false}");
    }

    @Test
    void requestsAreTimedByRouteTemplateNeverById() throws Exception {
        server.send("GET", "/api/v1/deliveries/" + DELIVERY, null);

        String metrics = server.send(server.request("/metrics"), "GET", null).body();

        assertThat(metrics).contains("endpoint=\"/api/v1/deliveries/{id}\"").doesNotContain(DELIVERY);
    }

    private static JsonNode tree(HttpResponse<String> response) throws Exception {
        return JSON.readTree(response.body());
    }

    /** Stand-in deliveries: they note what they were given and answer with samples. */
    private final class Recording implements ManageDeliveries {
        @Override
        public Page<Delivery> list(TenantId tenant, DeliveryFilter filter, PageRequest page) {
            given.add(List.of(filter, page));
            return new Page<>(List.of(Samples.delivery(IntentState.FAILED, "http_5xx: receiver answered 500")), Optional.empty());
        }

        @Override
        public DeliveryDetail get(TenantId tenant, String id) {
            given.add("get " + id);
            return new DeliveryDetail(Samples.delivery(IntentState.PENDING, ""), List.of());
        }

        @Override
        public Delivery retry(TenantId tenant, String id) {
            given.add("retry " + id);
            return Samples.delivery(IntentState.PENDING, "");
        }

        @Override
        public Delivery cancel(TenantId tenant, String id) {
            given.add("cancel " + id);
            return Samples.delivery(IntentState.CANCELLED, "");
        }

        @Override
        public int retryAll(TenantId tenant, BulkRetry request) {
            given.add(request);
            return 3;
        }

        @Override
        public BulkRetryPreview previewRetryAll(TenantId tenant, BulkRetry request) {
            given.add("preview " + request);
            return new BulkRetryPreview(10_000, true);
        }

        @Override
        public PendingByTarget pendingByTarget(TenantId tenant) {
            return new PendingByTarget(Map.of("billing", 7L), false);
        }
    }
}
