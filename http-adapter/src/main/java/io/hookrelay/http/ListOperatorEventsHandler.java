package io.hookrelay.http;

import io.hookrelay.delivery.InvalidRequestException;
import io.hookrelay.delivery.PageRequest;
import io.hookrelay.delivery.Ulids;
import io.hookrelay.delivery.operator.OperatorEventType;
import java.util.Arrays;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;

/** {@code GET /api/v1/operator-events?type=&limit=&cursor=} → a page of operator events, newest first. */
final class ListOperatorEventsHandler implements Endpoint {
    private static final String TYPES = Arrays.stream(OperatorEventType.values()).map(OperatorEventType::wire)
            .collect(Collectors.joining(", "));

    private final ApiOperations operations;

    ListOperatorEventsHandler(ApiOperations operations) {
        this.operations = Objects.requireNonNull(operations, "operations");
    }

    @Override
    public boolean takesQueryParameter(String name) {
        return name.equals("type") || Paging.PARAMETERS.contains(name);
    }

    @Override
    public Reply handle(ApiRequest request) {
        Optional<OperatorEventType> type = request.queryParameter("type").map(wire -> OperatorEventType.ofWire(wire)
                .orElseThrow(() -> new InvalidRequestException("type must be one of " + TYPES)));
        PageRequest page = Paging.pageRequest(request, Ulids.EVENT);
        return Reply.ok(PageJson.of(operations.listOperatorEvents(type, page), OperatorEventJson::of));
    }
}
