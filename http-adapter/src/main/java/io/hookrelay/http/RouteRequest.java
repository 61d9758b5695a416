package io.hookrelay.http;

import io.hookrelay.delivery.ResourceIds;
import java.util.List;

/** A route as a client writes it, for {@code POST /api/v1/routes}; no {@code event_types} means every event. */
record RouteRequest(String source, String target, List<String> eventTypes) {

    String sourceId() {
        return ResourceIds.require(Fields.required(source, "source"), "source");
    }

    String targetId() {
        return ResourceIds.require(Fields.required(target, "target"), "target");
    }

    List<String> filters() {
        return eventTypes == null ? List.of() : eventTypes;
    }
}
