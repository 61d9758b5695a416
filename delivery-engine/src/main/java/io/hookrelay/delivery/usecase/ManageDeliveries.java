package io.hookrelay.delivery.usecase;

import io.hookrelay.delivery.model.Delivery;
import io.hookrelay.delivery.model.DeliveryDetail;
import io.hookrelay.delivery.model.PendingByTarget;
import io.hookrelay.delivery.query.BulkRetry;
import io.hookrelay.delivery.query.BulkRetryPreview;
import io.hookrelay.delivery.query.DeliveryFilter;
import io.hookrelay.delivery.query.Page;
import io.hookrelay.delivery.query.PageRequest;

/** The deliveries of events to targets, as an operator reads and steers them. */
public interface ManageDeliveries {

    /** A page of the deliveries {@code filter} takes, newest first. */
    Page<Delivery> list(DeliveryFilter filter, PageRequest page);

    /**
     * The delivery with its attempt log.
     *
     * @throws io.hookrelay.delivery.error.NotFoundException when there is no such delivery
     */
    DeliveryDetail get(String id);

    /**
     * Makes the delivery pending and due now, keeping its attempt count.
     *
     * @throws io.hookrelay.delivery.error.NotFoundException when there is no such delivery
     * @throws io.hookrelay.delivery.error.ConflictException when it is completed
     */
    Delivery retry(String id);

    /**
     * @throws io.hookrelay.delivery.error.NotFoundException when there is no such delivery
     * @throws io.hookrelay.delivery.error.ConflictException when it has already ended
     */
    Delivery cancel(String id);

    /** @return how many ended deliveries {@code request} took were made pending */
    int retryAll(BulkRetry request);

    /** How many deliveries {@link #retryAll} would make pending now, counted up to a bound. */
    BulkRetryPreview previewRetryAll(BulkRetry request);

    /** The deliveries waiting, by target, counted up to a bound. */
    PendingByTarget pendingByTarget();
}
