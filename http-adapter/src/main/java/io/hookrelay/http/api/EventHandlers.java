package io.hookrelay.http.api;

import io.hookrelay.delivery.error.InvalidRequestException;
import io.hookrelay.delivery.model.ResourceIds;
import io.hookrelay.delivery.model.Ulids;
import io.hookrelay.delivery.query.EventFilter;
import io.hookrelay.delivery.usecase.BrowseEvents;
import io.hookrelay.delivery.usecase.ListOperatorEvents;
import io.hookrelay.delivery.usecase.ReplayEvents;
import io.hookrelay.http.ApiRequest;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/** {@code /api/v1/events}: the events the relay took in, each with its deliveries, and their replay. */
final class EventHandlers {
    private static final String EVENTS = "/api/v1/events";
    private static final String EVENT = EVENTS + "/{id}";

    private final BrowseEvents events;
    private final ReplayEvents replays;

    EventHandlers(BrowseEvents events, ReplayEvents replays) {
        this.events = Objects.requireNonNull(events, "events");
        this.replays = Objects.requireNonNull(replays, "replays");
    }

    void addTo(ApiEndpoints api) {
        api.get(EVENTS, Paging.parametersWith("source", "type", "since", "until", "idempotency_key"), this::list);
        api.get(EVENT, request -> Reply.ok(EventJson.of(events.get(request.tenant(), id(request)))));
        // 202 with the new deliveries to the source's current routes (none, when no route matches any more); the old
        // deliveries keep their own history.
        api.postAction(EVENT + "/replay", EventHandlers::id,
                (tenant, id) -> Reply.accepted(new ReplayJson(id, replays.replay(tenant, id).stream().map(DeliveryJson.Ref::of).toList())));
    }

    record ReplayJson(String eventId, List<DeliveryJson.Ref> deliveries) {
    }

    /**
     * {@code ?source=&type=&since=&until=&limit=&cursor=} → a page of events, newest first; {@code ?source=&idempotency_key=}
     * → the one event of that source holding the key, or none. Operator events are events too, of their reserved source,
     * and can be listed by it.
     */
    private Reply list(ApiRequest request) {
        Optional<String> source = request.queryParameter("source")
                .map(id -> id.equals(ListOperatorEvents.SOURCE) ? id : ResourceIds.require(id, "source"));
        Optional<String> key = request.queryParameter("idempotency_key");
        if (key.isPresent()) {
            if (source.isEmpty() || request.queryParameter("type").isPresent() || request.queryParameter("since").isPresent()
                    || request.queryParameter("until").isPresent() || request.queryParameter("cursor").isPresent()
                    || request.queryParameter("limit").isPresent()) {
                throw new InvalidRequestException("idempotency_key is looked up in one source: give source and nothing else");
            }
            return Reply.ok(PageJson.of(events.withIdempotencyKey(request.tenant(), source.get(), key.get()), EventSummaryJson::of));
        }
        EventFilter filter = new EventFilter(source, request.queryParameter("type"),
                request.queryParameter("since").map(time -> Fields.rfc3339(time, "since")),
                request.queryParameter("until").map(time -> Fields.rfc3339(time, "until")));
        return Reply.ok(PageJson.of(events.list(request.tenant(), filter, Paging.pageRequest(request, Ulids.EVENT)), EventSummaryJson::of));
    }

    private static String id(ApiRequest request) {
        return Fields.ulid(request.pathParameter("id"), Ulids.EVENT, "event");
    }
}
