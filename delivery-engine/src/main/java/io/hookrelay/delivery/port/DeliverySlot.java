package io.hookrelay.delivery.port;

/** A slot of a target's held by one attempt, from {@link DeliverySlots#acquire}. */
public interface DeliverySlot {

    /**
     * Gives the slot back once the attempt is over, to the attempt that waits for it, if one does. Never
     * throws: a slot whose release cannot be written frees itself later, as a crashed holder's does.
     */
    void release();
}
