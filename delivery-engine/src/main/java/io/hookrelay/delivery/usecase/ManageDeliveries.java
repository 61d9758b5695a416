package io.hookrelay.delivery.usecase;

import io.hookrelay.delivery.model.Delivery;
import io.hookrelay.delivery.model.DeliveryDetail;
import io.hookrelay.delivery.model.PendingByTarget;
import io.hookrelay.delivery.model.TenantId;
import io.hookrelay.delivery.query.BulkRetry;
import io.hookrelay.delivery.query.BulkRetryPreview;
import io.hookrelay.delivery.query.DeliveryFilter;
import io.hookrelay.delivery.query.Page;
import io.hookrelay.delivery.query.PageRequest;

/** The deliveries of events to targets, as an operator reads and steers them. */
public interface ManageDeliveries {

    /** A page of the deliveries {@code filter} takes, newest first. */
    Page<Delivery> list(TenantId tenant, DeliveryFilter filter, PageRequest page);

    /**
     * The delivery with its attempt log.
     *
     * @throws io.hookrelay.delivery.error.NotFoundException when there is no such delivery
     */
    DeliveryDetail get(TenantId tenant, String id);

    /**
     * Makes the delivery pending and due now, keeping its attempt count.
     *
     * @throws io.hookrelay.delivery.error.NotFoundException when there is no such delivery
     * @throws io.hookrelay.delivery.error.ConflictException when it is completed
     */
    Delivery retry(TenantId tenant, String id);

    /**
     * @throws io.hookrelay.delivery.error.NotFoundException when there is no such delivery
     * @throws io.hookrelay.delivery.error.ConflictException when it has already ended
     */
    Delivery cancel(TenantId tenant, String id);

    /** @return how many ended deliveries {@code request} took were made pending */
    int retryAll(TenantId tenant, BulkRetry request);

    /** How many deliveries {@link #retryAll} would make pending now, counted up to a bound. */
    BulkRetryPreview previewRetryAll(TenantId tenant, BulkRetry request);

    /** The deliveries waiting, by target, counted up to a bound. */
    PendingByTarget pendingByTarget(TenantId tenant);
}
