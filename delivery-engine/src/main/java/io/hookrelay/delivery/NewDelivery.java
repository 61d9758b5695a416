package io.hookrelay.delivery;

import io.hookrelay.queue.NewIntent;
import java.util.Optional;

/**
 * A delivery about to be stored with its event (or its replay). Its queue intent is keyed by the delivery
 * id itself, so a replay, which is new work for the same event and target, never collides with the first
 * delivery; the event id travels as the intent's payload.
 */
public record NewDelivery(String id, String eventId, String targetId) {
    public NewDelivery {
        if (!Ulids.isValid(id, Ulids.DELIVERY)) {
            throw new IllegalArgumentException("not a delivery id: " + id);
        }
        if (!Ulids.isValid(eventId, Ulids.EVENT)) {
            throw new IllegalArgumentException("not an event id: " + eventId);
        }
        ResourceIds.require(targetId, "target");
    }

    public NewIntent toIntent() {
        return new NewIntent(id, Delivery.KIND, id, targetId, eventId, Optional.empty());
    }
}
