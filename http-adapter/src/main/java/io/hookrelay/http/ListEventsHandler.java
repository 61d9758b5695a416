package io.hookrelay.http;

import io.hookrelay.delivery.EventFilter;
import io.hookrelay.delivery.InvalidRequestException;
import io.hookrelay.delivery.PageRequest;
import io.hookrelay.delivery.ResourceIds;
import io.hookrelay.delivery.Ulids;
import io.hookrelay.delivery.operator.OperatorEvents;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * {@code GET /api/v1/events?source=&type=&since=&until=&limit=&cursor=} → a page of events, newest first;
 * {@code ?source=&idempotency_key=} → the one event of that source holding the key, or none. Operator events are
 * events too, of their reserved source, and can be listed by it.
 */
final class ListEventsHandler implements Endpoint {
    private static final Set<String> FILTERS = Set.of("source", "type", "since", "until", "idempotency_key");

    private final ApiOperations operations;

    ListEventsHandler(ApiOperations operations) {
        this.operations = Objects.requireNonNull(operations, "operations");
    }

    @Override
    public boolean takesQueryParameter(String name) {
        return FILTERS.contains(name) || Paging.PARAMETERS.contains(name);
    }

    @Override
    public Reply handle(ApiRequest request) {
        Optional<String> source = request.queryParameter("source")
                .map(id -> id.equals(OperatorEvents.SOURCE) ? id : ResourceIds.require(id, "source"));
        Optional<String> key = request.queryParameter("idempotency_key");
        if (key.isPresent()) {
            if (source.isEmpty() || request.queryParameter("type").isPresent() || request.queryParameter("since").isPresent()
                    || request.queryParameter("until").isPresent() || request.queryParameter("cursor").isPresent()
                    || request.queryParameter("limit").isPresent()) {
                throw new InvalidRequestException("idempotency_key is looked up in one source: give source and nothing else");
            }
            return Reply.ok(PageJson.of(operations.eventWithIdempotencyKey(source.get(), key.get()), EventSummaryJson::of));
        }
        EventFilter filter = new EventFilter(source, request.queryParameter("type"),
                request.queryParameter("since").map(time -> Fields.rfc3339(time, "since")),
                request.queryParameter("until").map(time -> Fields.rfc3339(time, "until")));
        PageRequest page = Paging.pageRequest(request, Ulids.EVENT);
        return Reply.ok(PageJson.of(operations.listEvents(filter, page), EventSummaryJson::of));
    }
}
