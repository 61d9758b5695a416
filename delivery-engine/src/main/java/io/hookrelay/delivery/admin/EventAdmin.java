package io.hookrelay.delivery.admin;

import io.hookrelay.delivery.Delivery;
import io.hookrelay.delivery.DeliveryStore;
import io.hookrelay.delivery.EventDetail;
import io.hookrelay.delivery.EventStore;
import io.hookrelay.delivery.EventSummary;
import io.hookrelay.delivery.Page;
import io.hookrelay.delivery.PageRequest;
import io.hookrelay.delivery.RouteStore;
import io.hookrelay.delivery.Ulids;
import io.hookrelay.queue.IntentQueue;
import java.util.List;
import java.util.Optional;

/** STUB. */
public final class EventAdmin {
    public EventAdmin(EventStore events, DeliveryStore deliveries, RouteStore routes, IntentQueue queue, Ulids ulids) {
        throw new UnsupportedOperationException("stub");
    }

    public Page<EventSummary> list(Optional<String> sourceId, PageRequest page) {
        throw new UnsupportedOperationException("stub");
    }

    public EventDetail get(String id) {
        throw new UnsupportedOperationException("stub");
    }

    /** New deliveries to the event's source's current matching routes; returns them. */
    public List<Delivery> replay(String id) {
        throw new UnsupportedOperationException("stub");
    }
}
