package io.hookrelay.http.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.hookrelay.delivery.model.Event;
import io.hookrelay.delivery.model.EventDetail;
import io.hookrelay.delivery.query.OperatorEventType;
import io.hookrelay.delivery.query.Page;
import io.hookrelay.delivery.query.PageRequest;
import io.hookrelay.delivery.usecase.ListOperatorEvents;
import io.hookrelay.http.ApiServer;
import io.hookrelay.http.Samples;
import io.hookrelay.queue.IntentState;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Operator events are listed with the data their deliveries carry, and the deliveries themselves. */
class OperatorEventEndpointsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final List<Object> given = new CopyOnWriteArrayList<>();
    private final ListOperatorEvents operatorEvents = (tenant, type, page) -> {
        given.add(type);
        given.add(page);
        Event paused = new Event(Samples.EVENT_ID, ListOperatorEvents.SOURCE, Optional.of("target.paused"), Samples.RECEIVED,
                "application/json", Map.of(),
                "{\"type\":\"target.paused\",\"data\":{\"target_id\":\"billing\",\"reason\":\"operator\"}}".getBytes(StandardCharsets.UTF_8));
        return new Page<>(List.of(new EventDetail(paused, List.of(Samples.delivery(IntentState.COMPLETED, "")))), Optional.empty());
    };
    private final ApiServer server = new ApiServer(operatorEvents);

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void operatorEventsAreListedWithTheirDataAndTheirDeliveries() throws Exception {
        HttpResponse<String> response = server.send("GET", "/api/v1/operator-events?type=target.paused&limit=5", null);

        assertThat(response.statusCode()).isEqualTo(200);
        JsonNode event = JSON.readTree(response.body()).get("data").get(0);
        assertThat(event.get("type").asText()).isEqualTo("target.paused");
        assertThat(event.get("data")).isEqualTo(JSON.readTree("{\"target_id\":\"billing\",\"reason\":\"operator\"}"));
        assertThat(event.get("deliveries").get(0).get("state").asText()).isEqualTo("completed");
        assertThat(given).containsExactly(Optional.of(OperatorEventType.TARGET_PAUSED), new PageRequest(5, Optional.empty()));
    }

    @Test
    void anOperatorEventTypeOrFilterTheApiDoesNotKnowIsRefused() throws Exception {
        assertThat(server.send("GET", "/api/v1/operator-events?type=target.exploded", null).statusCode()).isEqualTo(400);
        assertThat(server.send("GET", "/api/v1/operator-events?source=shop", null).statusCode()).isEqualTo(400);
        assertThat(given).isEmpty();
    }
}
