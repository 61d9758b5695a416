package io.hookrelay.delivery.model;

import io.hookrelay.queue.NewIntent;
import java.util.Objects;
import java.util.Optional;

/**
 * A delivery about to be stored with its event (or its replay). Its queue intent is keyed by the delivery
 * id itself, so a replay, which is new work for the same event and target, never collides with the first
 * delivery; the event id travels as the intent's payload. A delivery to a {@code fifo} target joins the
 * target's FIFO lane, named by the target's key ({@link ScopedId#key()}).
 */
public record NewDelivery(String id, String eventId, ScopedId target, DeliveryOrdering ordering) {
    public NewDelivery {
        Objects.requireNonNull(ordering, "ordering");
        if (!Ulids.isValid(id, Ulids.DELIVERY)) {
            throw new IllegalArgumentException("not a delivery id: " + id);
        }
        if (!Ulids.isValid(eventId, Ulids.EVENT)) {
            throw new IllegalArgumentException("not an event id: " + eventId);
        }
        ResourceIds.require(target.id(), "target");
    }

    /** A delivery to a target that takes them in any order. */
    public NewDelivery(String id, String eventId, ScopedId target) {
        this(id, eventId, target, DeliveryOrdering.NONE);
    }

    public NewIntent toIntent() {
        NewIntent intent = new NewIntent(id, Delivery.KIND, id, target.key(), eventId, Optional.empty());
        return ordering == DeliveryOrdering.FIFO ? intent.inFifo(fifoKey(target)) : intent;
    }

    /**
     * @throws IllegalArgumentException when it goes to a target of another tenant than the one it is stored in, which a
     *                                  store refuses rather than file under either
     */
    public NewDelivery requireIn(TenantId tenant) {
        if (!target.tenant().equals(tenant)) {
            throw new IllegalArgumentException("delivery " + id + " is to a target of tenant " + target.tenant() + ", not " + tenant);
        }
        return this;
    }

    /** The FIFO lane of a target's deliveries. */
    public static String fifoKey(ScopedId target) {
        return target.key();
    }
}
