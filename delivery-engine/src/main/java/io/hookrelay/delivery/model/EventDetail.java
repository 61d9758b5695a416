package io.hookrelay.delivery.model;

import java.util.List;
import java.util.Objects;

/** An event with every delivery made of it, oldest first. */
public record EventDetail(Event event, List<Delivery> deliveries) {
    public EventDetail {
        Objects.requireNonNull(event, "event");
        deliveries = List.copyOf(deliveries);
    }
}
