package io.hookrelay.delivery.model;

import java.util.Arrays;
import java.util.Optional;

/**
 * Whether a target takes its deliveries in any order, as many at once as its {@code max_in_flight} allows, or
 * one at a time in the order their events were ingested ({@code fifo}): then a delivery that keeps failing
 * holds back every later one to that target, and only to that target, until it succeeds, fails for good or is
 * cancelled. A change applies to the deliveries of events ingested after it; those already queued keep the
 * order they were queued with.
 */
public enum DeliveryOrdering {
    NONE("none"),
    FIFO("fifo");

    private final String wireName;

    DeliveryOrdering(String wireName) {
        this.wireName = wireName;
    }

    public String wireName() {
        return wireName;
    }

    public static Optional<DeliveryOrdering> fromWireName(String wireName) {
        return Arrays.stream(values()).filter(ordering -> ordering.wireName.equals(wireName)).findFirst();
    }
}
