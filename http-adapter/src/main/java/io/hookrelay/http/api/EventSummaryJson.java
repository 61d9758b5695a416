package io.hookrelay.http.api;

import io.hookrelay.delivery.model.EventSummary;

/** An event in a list: what it is and how big, without the headers, body and deliveries that {@link EventJson} has. */
record EventSummaryJson(String id, String source, String eventType, String receivedAt, String contentType, int bodyBytes) {

    static EventSummaryJson of(EventSummary event) {
        return new EventSummaryJson(event.id(), event.sourceId(), event.eventType().orElse(null),
                JsonTimes.format(event.receivedAt()), event.contentType(), event.bodyBytes());
    }
}
