package io.hookrelay.delivery.send;

import io.hookrelay.delivery.model.Delivery;
import io.hookrelay.delivery.model.ScopedId;
import io.hookrelay.delivery.port.DeliverySlots;
import io.hookrelay.queue.QueueListener;
import java.util.Objects;

/**
 * Listens to the queue the deliveries run on: once a target is paused, its deliveries that wait for one of its
 * slots give up and go back to the store (to be held there by the pause), rather than go out when a slot frees.
 */
public final class PauseEndsSlotWaits implements QueueListener {
    private final DeliverySlots slots;

    public PauseEndsSlotWaits(DeliverySlots slots) {
        this.slots = Objects.requireNonNull(slots, "slots");
    }

    @Override
    public void paused(String kind, String target) {
        if (kind.equals(Delivery.KIND)) {
            slots.giveUpWaiting(ScopedId.ofKey(target));
        }
    }
}
