package io.hookrelay.http.api;

import io.hookrelay.delivery.error.InvalidRequestException;
import io.hookrelay.delivery.model.Ulids;
import io.hookrelay.delivery.query.OperatorEventType;
import io.hookrelay.delivery.usecase.ListOperatorEvents;
import io.hookrelay.http.ApiRequest;
import java.util.Arrays;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;

/** {@code GET /api/v1/operator-events?type=&limit=&cursor=} → a page of operator events, newest first. */
final class OperatorEventHandler {
    private static final String TYPES = Arrays.stream(OperatorEventType.values()).map(OperatorEventType::wire)
            .collect(Collectors.joining(", "));

    private final ListOperatorEvents operatorEvents;

    OperatorEventHandler(ListOperatorEvents operatorEvents) {
        this.operatorEvents = Objects.requireNonNull(operatorEvents, "operatorEvents");
    }

    void addTo(ApiEndpoints api) {
        api.get("/api/v1/operator-events", Paging.parametersWith("type"), this::list);
    }

    private Reply list(ApiRequest request) {
        Optional<OperatorEventType> type = request.queryParameter("type").map(wire -> OperatorEventType.ofWire(wire)
                .orElseThrow(() -> new InvalidRequestException("type must be one of " + TYPES)));
        return Reply.ok(PageJson.of(operatorEvents.list(request.tenant(), type, Paging.pageRequest(request, Ulids.EVENT)), OperatorEventJson::of));
    }
}
