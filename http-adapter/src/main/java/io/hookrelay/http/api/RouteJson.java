package io.hookrelay.http.api;

import io.hookrelay.delivery.model.Route;
import java.util.List;
import java.util.Map;

/** A route as the API shows it; an empty {@code event_types} means every event type, empty {@code filters} every body. */
record RouteJson(String id, String source, String target, List<String> eventTypes, List<Map<String, Object>> filters)
        implements Reply.Identified {

    static RouteJson of(Route route) {
        return new RouteJson(route.id(), route.sourceId(), route.targetId(), route.eventTypes(),
                route.filters().stream().map(PayloadFilterRequest::json).toList());
    }
}
