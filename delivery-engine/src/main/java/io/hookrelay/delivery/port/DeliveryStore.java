package io.hookrelay.delivery.port;

import io.hookrelay.delivery.model.Delivery;
import io.hookrelay.delivery.model.TenantId;
import io.hookrelay.delivery.query.BulkRetry;
import io.hookrelay.delivery.query.DeliveryFilter;
import io.hookrelay.delivery.query.Page;
import io.hookrelay.delivery.query.PageRequest;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Reads of deliveries (their states live in the queue's intents) and the bulk operator retry. */
public interface DeliveryStore {

    Optional<Delivery> find(TenantId tenant, String id);

    /** An event's deliveries, oldest first. */
    List<Delivery> forEvent(TenantId tenant, String eventId);

    /** Deliveries newest first. */
    Page<Delivery> list(TenantId tenant, DeliveryFilter filter, PageRequest page);

    /**
     * Makes every matching delivery {@code pending} and due at {@code now}, keeping attempt counts, in one
     * transaction. {@code since} compares with when the delivery last changed (when it failed or was
     * cancelled). @return how many changed
     */
    int retryAll(TenantId tenant, BulkRetry request, Instant now);

    /** How many deliveries {@link #retryAll} would make pending now, counting no further than {@code atMost}. */
    int countRetryable(TenantId tenant, BulkRetry request, int atMost);

    /** The tenant's pending deliveries by target id, counted no further than {@code atMost} in all. */
    Map<String, Long> countPendingByTarget(TenantId tenant, int atMost);
}
