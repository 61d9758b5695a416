package io.hookrelay.http.api;

import io.hookrelay.delivery.model.Event;
import io.hookrelay.delivery.model.EventDetail;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One event in full: its headers (sorted by name, for a stable read), its body as base64 because it may be
 * any bytes at all, and the deliveries made of it.
 */
record EventJson(String id, String source, String eventType, String receivedAt, String contentType,
                 Map<String, String> headers, String bodyBase64, List<DeliveryJson.Ref> deliveries) {

    static EventJson of(EventDetail detail) {
        Event event = detail.event();
        return new EventJson(event.id(), event.sourceId(), event.eventType().orElse(null), JsonTimes.format(event.receivedAt()),
                event.contentType(), new TreeMap<>(event.headers()), Base64.getEncoder().encodeToString(event.body()),
                detail.deliveries().stream().map(DeliveryJson.Ref::of).toList());
    }
}
