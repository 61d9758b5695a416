package io.hookrelay.http.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.hookrelay.delivery.model.Delivery;
import io.hookrelay.delivery.model.EventDetail;
import io.hookrelay.delivery.model.EventSummary;
import io.hookrelay.delivery.model.TenantId;
import io.hookrelay.delivery.query.Cursors;
import io.hookrelay.delivery.query.EventFilter;
import io.hookrelay.delivery.query.Page;
import io.hookrelay.delivery.query.PageRequest;
import io.hookrelay.delivery.usecase.BrowseEvents;
import io.hookrelay.delivery.usecase.ReplayEvents;
import io.hookrelay.http.ApiServer;
import io.hookrelay.http.Samples;
import io.hookrelay.queue.IntentState;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The event endpoints: pages of events by filter or idempotency key, one event in full, and its replay. */
class EventEndpointsTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String EVENT = Samples.EVENT_ID;

    private final List<Object> given = new CopyOnWriteArrayList<>();
    private final ReplayEvents replays = (tenant, id) -> {
        given.add("replay " + id);
        return List.of(Samples.delivery(IntentState.PENDING, ""));
    };
    private final ApiServer server = new ApiServer(new Browsing(), replays);

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void eventsAreListedAPageAtATime() throws Exception {
        HttpResponse<String> first = server.send("GET", "/api/v1/events", null);
        HttpResponse<String> next = server.send("GET", "/api/v1/events?source=github&limit=2&cursor=" + Cursors.encode(EVENT), null);

        assertThat(first.statusCode()).isEqualTo(200);
        assertThat(tree(first).get("next_cursor").asText()).isEqualTo(Cursors.encode(EVENT));
        assertThat(tree(first).get("data").get(0).get("body_bytes").asInt()).isEqualTo(14);
        assertThat(given).containsExactly(
                List.of(EventFilter.all(), new PageRequest(PageRequest.DEFAULT_LIMIT, Optional.empty())),
                List.of(EventFilter.ofSource("github"), new PageRequest(2, Optional.of(EVENT))));
        assertThat(next.statusCode()).isEqualTo(200);
    }

    @Test
    void eventsAreFilteredByTypeAndTimeAndFoundByIdempotencyKey() throws Exception {
        HttpResponse<String> filtered = server.send("GET",
                "/api/v1/events?type=push&since=2024-05-01T12:00:00Z&until=2024-05-01T14:00:00%2B01:00", null);
        HttpResponse<String> byKey = server.send("GET", "/api/v1/events?source=github&idempotency_key=abc%20123", null);

        assertThat(filtered.statusCode()).isEqualTo(200);
        assertThat(byKey.statusCode()).isEqualTo(200);
        assertThat(tree(byKey).get("data")).isEmpty();
        assertThat(given).containsExactly(
                List.of(new EventFilter(Optional.empty(), Optional.of("push"), Optional.of(Instant.parse("2024-05-01T12:00:00Z")),
                        Optional.of(Instant.parse("2024-05-01T13:00:00Z"))), new PageRequest(PageRequest.DEFAULT_LIMIT, Optional.empty())),
                "key github abc 123");
    }

    @Test
    void anEventIsShownAndReplayed() throws Exception {
        HttpResponse<String> shown = server.send("GET", "/api/v1/events/" + EVENT, null);
        HttpResponse<String> replayed = server.send("POST", "/api/v1/events/" + EVENT + "/replay", null);

        assertThat(shown.statusCode()).isEqualTo(200);
        assertThat(tree(shown).get("body_base64").asText()).isEqualTo("eyJyZWYiOiJtYWluIn0=");
        assertThat(replayed.statusCode()).isEqualTo(202);
        assertThat(tree(replayed)).isEqualTo(JSON.readTree("{\"event_id\":\"" + EVENT + "\",\"deliveries\":[{\"id\":\"" + Samples.DELIVERY_ID
                + "\",\"target\":\"billing\",\"state\":\"pending\"}]}"));
        assertThat(given).containsExactly("get " + EVENT, "replay " + EVENT);
    }

    private static JsonNode tree(HttpResponse<String> response) throws Exception {
        return JSON.readTree(response.body());
    }

    private final class Browsing implements BrowseEvents {
        @Override
        public Page<EventSummary> list(TenantId tenant, EventFilter filter, PageRequest page) {
            given.add(List.of(filter, page));
            EventSummary summary = new EventSummary(EVENT, "github", Optional.of("push"), Samples.RECEIVED, "application/json", 14);
            return new Page<>(List.of(summary), Optional.of(EVENT));
        }

        @Override
        public Page<EventSummary> withIdempotencyKey(TenantId tenant, String sourceId, String key) {
            given.add("key " + sourceId + " " + key);
            return new Page<>(List.of(), Optional.empty());
        }

        @Override
        public EventDetail get(TenantId tenant, String id) {
            given.add("get " + id);
            return new EventDetail(Samples.event(), List.<Delivery>of());
        }
    }
}
