package io.hookrelay.delivery.usecase;

import io.hookrelay.delivery.BulkRetry;
import io.hookrelay.delivery.BulkRetryPreview;
import io.hookrelay.delivery.Delivery;
import io.hookrelay.delivery.DeliveryDetail;
import io.hookrelay.delivery.DeliveryFilter;
import io.hookrelay.delivery.Page;
import io.hookrelay.delivery.PageRequest;
import io.hookrelay.delivery.PendingByTarget;

/** The deliveries of events to targets, as an operator reads and steers them. */
public interface ManageDeliveries {

    /** A page of the deliveries {@code filter} takes, newest first. */
    Page<Delivery> list(DeliveryFilter filter, PageRequest page);

    /**
     * The delivery with its attempt log.
     *
     * @throws io.hookrelay.delivery.NotFoundException when there is no such delivery
     */
    DeliveryDetail get(String id);

    /**
     * Makes the delivery pending and due now, keeping its attempt count.
     *
     * @throws io.hookrelay.delivery.NotFoundException when there is no such delivery
     * @throws io.hookrelay.delivery.ConflictException when it is completed
     */
    Delivery retry(String id);

    /**
     * @throws io.hookrelay.delivery.NotFoundException when there is no such delivery
     * @throws io.hookrelay.delivery.ConflictException when it has already ended
     */
    Delivery cancel(String id);

    /** @return how many ended deliveries {@code request} took were made pending */
    int retryAll(BulkRetry request);

    /** How many deliveries {@link #retryAll} would make pending now, counted up to a bound. */
    BulkRetryPreview previewRetryAll(BulkRetry request);

    /** The deliveries waiting, by target, counted up to a bound. */
    PendingByTarget pendingByTarget();
}
