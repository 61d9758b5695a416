package io.hookrelay.http.api;

import io.hookrelay.delivery.filter.PayloadFilter;
import io.hookrelay.delivery.model.ResourceIds;
import java.util.List;

/**
 * A route as a client writes it, for {@code POST /api/v1/routes}; no {@code event_types} means every event type,
 * no {@code filters} every body.
 */
record RouteRequest(String source, String target, List<String> eventTypes, List<PayloadFilterRequest> filters) {

    String sourceId() {
        return ResourceIds.require(Fields.required(source, "source"), "source");
    }

    String targetId() {
        return ResourceIds.require(Fields.required(target, "target"), "target");
    }

    List<String> typeFilters() {
        return eventTypes == null ? List.of() : eventTypes;
    }

    List<PayloadFilter> payloadFilters() {
        return filters == null ? List.of() : filters.stream().map(PayloadFilterRequest::filter).toList();
    }
}
