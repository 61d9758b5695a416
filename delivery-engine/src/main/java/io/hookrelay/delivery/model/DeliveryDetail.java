package io.hookrelay.delivery.model;

import io.hookrelay.queue.AttemptRecord;
import java.util.List;
import java.util.Objects;

/** A delivery with its attempt log, oldest attempt first. */
public record DeliveryDetail(Delivery delivery, List<AttemptRecord> attemptLog) {
    public DeliveryDetail {
        Objects.requireNonNull(delivery, "delivery");
        attemptLog = List.copyOf(attemptLog);
    }
}
