package io.hookrelay.http;

import io.hookrelay.delivery.PageRequest;
import io.hookrelay.delivery.ResourceIds;
import io.hookrelay.delivery.Ulids;
import java.util.Objects;
import java.util.Optional;

/** {@code GET /api/v1/events?source=&limit=&cursor=} → a page of events, newest first. */
final class ListEventsHandler implements Endpoint {
    private final ApiOperations operations;

    ListEventsHandler(ApiOperations operations) {
        this.operations = Objects.requireNonNull(operations, "operations");
    }

    @Override
    public boolean takesQueryParameter(String name) {
        return name.equals("source") || Paging.PARAMETERS.contains(name);
    }

    @Override
    public Reply handle(ApiRequest request) {
        Optional<String> source = request.queryParameter("source").map(id -> ResourceIds.require(id, "source"));
        PageRequest page = Paging.pageRequest(request, Ulids.EVENT);
        return Reply.ok(PageJson.of(operations.listEvents(source, page), EventSummaryJson::of));
    }
}
