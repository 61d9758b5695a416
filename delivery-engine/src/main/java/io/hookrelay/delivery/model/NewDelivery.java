package io.hookrelay.delivery.model;

import io.hookrelay.queue.NewIntent;
import java.util.Objects;
import java.util.Optional;

/**
 * A delivery about to be stored with its event (or its replay). Its queue intent is keyed by the delivery
 * id itself, so a replay, which is new work for the same event and target, never collides with the first
 * delivery; the event id travels as the intent's payload. A delivery to a {@code fifo} target joins the
 * target's FIFO lane, named by the target's id.
 */
public record NewDelivery(String id, String eventId, String targetId, DeliveryOrdering ordering) {
    public NewDelivery {
        Objects.requireNonNull(ordering, "ordering");
        if (!Ulids.isValid(id, Ulids.DELIVERY)) {
            throw new IllegalArgumentException("not a delivery id: " + id);
        }
        if (!Ulids.isValid(eventId, Ulids.EVENT)) {
            throw new IllegalArgumentException("not an event id: " + eventId);
        }
        ResourceIds.require(targetId, "target");
    }

    /** A delivery to a target that takes them in any order. */
    public NewDelivery(String id, String eventId, String targetId) {
        this(id, eventId, targetId, DeliveryOrdering.NONE);
    }

    public NewIntent toIntent() {
        NewIntent intent = new NewIntent(id, Delivery.KIND, id, targetId, eventId, Optional.empty());
        return ordering == DeliveryOrdering.FIFO ? intent.inFifo(fifoKey(targetId)) : intent;
    }

    /** The FIFO lane of a target's deliveries. */
    public static String fifoKey(String targetId) {
        return targetId;
    }
}
