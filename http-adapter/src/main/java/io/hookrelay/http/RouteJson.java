package io.hookrelay.http;

import io.hookrelay.delivery.Route;
import java.util.List;

/** A route as the API shows it; an empty {@code event_types} means every event. */
record RouteJson(String id, String source, String target, List<String> eventTypes) {

    static RouteJson of(Route route) {
        return new RouteJson(route.id(), route.sourceId(), route.targetId(), route.eventTypes());
    }
}
