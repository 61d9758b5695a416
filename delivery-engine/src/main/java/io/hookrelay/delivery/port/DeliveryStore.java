package io.hookrelay.delivery.port;

import io.hookrelay.delivery.model.Delivery;
import io.hookrelay.delivery.query.BulkRetry;
import io.hookrelay.delivery.query.DeliveryFilter;
import io.hookrelay.delivery.query.Page;
import io.hookrelay.delivery.query.PageRequest;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** Reads of deliveries (their states live in the queue's intents) and the bulk operator retry. */
public interface DeliveryStore {

    Optional<Delivery> find(String id);

    /** An event's deliveries, oldest first. */
    List<Delivery> forEvent(String eventId);

    /** Deliveries newest first. */
    Page<Delivery> list(DeliveryFilter filter, PageRequest page);

    /**
     * Makes every matching delivery {@code pending} and due at {@code now}, keeping attempt counts, in one
     * transaction. {@code since} compares with when the delivery last changed (when it failed or was
     * cancelled). @return how many changed
     */
    int retryAll(BulkRetry request, Instant now);

    /** How many deliveries {@link #retryAll} would make pending now, counting no further than {@code atMost}. */
    int countRetryable(BulkRetry request, int atMost);
}
