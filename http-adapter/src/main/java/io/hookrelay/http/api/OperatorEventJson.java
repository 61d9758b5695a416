package io.hookrelay.http.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.hookrelay.delivery.model.Event;
import io.hookrelay.delivery.model.EventDetail;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * An operator event as {@code GET /api/v1/operator-events} lists it: what its delivery carries ({@code type},
 * {@code timestamp}, {@code data}) and its deliveries to the operator target, if one was set.
 */
record OperatorEventJson(String id, String type, String timestamp, JsonNode data, List<DeliveryJson> deliveries) {
    private static final ObjectMapper BODIES = new ObjectMapper();

    static OperatorEventJson of(EventDetail detail) {
        Event event = detail.event();
        return new OperatorEventJson(event.id(), event.eventType().orElse(null), JsonTimes.format(event.receivedAt()),
                dataOf(event), detail.deliveries().stream().map(DeliveryJson::of).toList());
    }

    /** The relay wrote the body, so it is JSON with a {@code data} object. */
    private static JsonNode dataOf(Event event) {
        try {
            return BODIES.readTree(event.body()).get("data");
        } catch (IOException e) {
            throw new UncheckedIOException("operator event " + event.id() + " has a body the relay did not write", e);
        }
    }
}
