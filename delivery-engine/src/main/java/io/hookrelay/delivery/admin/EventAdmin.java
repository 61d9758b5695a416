package io.hookrelay.delivery.admin;

import io.hookrelay.delivery.error.NotFoundException;
import io.hookrelay.delivery.ingest.Fanout;
import io.hookrelay.delivery.model.Delivery;
import io.hookrelay.delivery.model.Event;
import io.hookrelay.delivery.model.EventDetail;
import io.hookrelay.delivery.model.EventSummary;
import io.hookrelay.delivery.model.NewDelivery;
import io.hookrelay.delivery.model.TenantId;
import io.hookrelay.delivery.model.Ulids;
import io.hookrelay.delivery.operator.OperatorRoute;
import io.hookrelay.delivery.port.DeliveryStore;
import io.hookrelay.delivery.port.EventStore;
import io.hookrelay.delivery.port.JsonPointerReader;
import io.hookrelay.delivery.port.RouteStore;
import io.hookrelay.delivery.port.TargetStore;
import io.hookrelay.delivery.query.EventFilter;
import io.hookrelay.delivery.query.Page;
import io.hookrelay.delivery.query.PageRequest;
import io.hookrelay.delivery.usecase.BrowseEvents;
import io.hookrelay.delivery.usecase.ListOperatorEvents;
import io.hookrelay.delivery.usecase.ReplayEvents;
import io.hookrelay.queue.IntentQueue;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/** Operators' reading of events, and replay: sending an event again to wherever its source routes today. */
public final class EventAdmin implements BrowseEvents, ReplayEvents {
    private final EventStore events;
    private final DeliveryStore deliveries;
    private final RouteStore routes;
    private final IntentQueue queue;
    private final JsonPointerReader jsonPointer;
    private final Ulids ulids;
    private final TargetStore targets;
    private final OperatorRoute operatorRoute;

    public EventAdmin(EventStore events, DeliveryStore deliveries, RouteStore routes, IntentQueue queue,
                      JsonPointerReader jsonPointer, Ulids ulids, TargetStore targets, OperatorRoute operatorRoute) {
        this.events = Objects.requireNonNull(events, "events");
        this.deliveries = Objects.requireNonNull(deliveries, "deliveries");
        this.routes = Objects.requireNonNull(routes, "routes");
        this.queue = Objects.requireNonNull(queue, "queue");
        this.jsonPointer = Objects.requireNonNull(jsonPointer, "jsonPointer");
        this.ulids = Objects.requireNonNull(ulids, "ulids");
        this.targets = Objects.requireNonNull(targets, "targets");
        this.operatorRoute = Objects.requireNonNull(operatorRoute, "operatorRoute");
    }

    public Page<EventSummary> list(TenantId tenant, EventFilter filter, PageRequest page) {
        return events.list(tenant, filter, page);
    }

    /** The event of {@code sourceId} that holds idempotency key {@code key}, as a page of one, or of none. */
    public Page<EventSummary> withIdempotencyKey(TenantId tenant, String sourceId, String key) {
        List<EventSummary> found = events.idByIdempotencyKey(tenant, sourceId, key).flatMap(id -> events.find(tenant, id))
                .map(event -> new EventSummary(event.id(), event.sourceId(), event.eventType(), event.receivedAt(),
                        event.contentType(), event.body().length))
                .stream().toList();
        return new Page<>(found, Optional.empty());
    }

    /** @throws NotFoundException when there is no such event */
    public EventDetail get(TenantId tenant, String id) {
        return new EventDetail(find(tenant, id), deliveries.forEvent(tenant, id));
    }

    /**
     * New deliveries to the event's source's current matching routes, or for an operator event to today's operator
     * target; returns them. Replay adds deliveries rather than rewinding the old ones, so each keeps its own attempt
     * log. An event whose source routes nowhere today (or was deleted) gets none, which is an answer, not an error.
     *
     * @throws NotFoundException when there is no such event, including one deleted while this ran
     */
    public List<Delivery> replay(TenantId tenant, String id) {
        Event event = find(tenant, id);
        List<NewDelivery> replays = event.sourceId().equals(ListOperatorEvents.SOURCE)
                ? operatorRoute.deliveriesOf(tenant, event.id())
                : Fanout.deliveries(tenant, event, routes.forSource(tenant, event.sourceId()), jsonPointer, ulids, targetId -> targets.find(tenant, targetId));
        if (replays.isEmpty()) {
            return List.of();
        }
        if (!events.addDeliveries(tenant, replays, queue.clock().instant())) {
            throw notFound(id);
        }
        Set<String> replayIds = replays.stream().map(NewDelivery::id).collect(Collectors.toSet());
        return deliveries.forEvent(tenant, event.id()).stream().filter(delivery -> replayIds.contains(delivery.id())).toList();
    }

    private Event find(TenantId tenant, String id) {
        return events.find(tenant, id).orElseThrow(() -> notFound(id));
    }

    private static NotFoundException notFound(String id) {
        return new NotFoundException("not_found", "no event " + id);
    }
}
