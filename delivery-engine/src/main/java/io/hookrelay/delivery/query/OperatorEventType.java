package io.hookrelay.delivery.query;

import java.util.Arrays;
import java.util.Optional;

/** What an operator is told of; {@link #wire()} is the event type its deliveries carry. */
public enum OperatorEventType {
    TARGET_PAUSED("target.paused"),
    DELIVERY_FAILED("delivery.failed"),
    TARGET_RECOVERED("target.recovered");

    private final String wire;

    OperatorEventType(String wire) {
        this.wire = wire;
    }

    public String wire() {
        return wire;
    }

    public static Optional<OperatorEventType> ofWire(String wire) {
        return Arrays.stream(values()).filter(type -> type.wire.equals(wire)).findFirst();
    }
}
