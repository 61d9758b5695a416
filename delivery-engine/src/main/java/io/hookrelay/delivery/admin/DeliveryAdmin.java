package io.hookrelay.delivery.admin;

import io.hookrelay.delivery.error.ConflictException;
import io.hookrelay.delivery.error.NotFoundException;
import io.hookrelay.delivery.model.Delivery;
import io.hookrelay.delivery.model.DeliveryDetail;
import io.hookrelay.delivery.model.PendingByTarget;
import io.hookrelay.delivery.model.TenantId;
import io.hookrelay.delivery.port.DeliveryStore;
import io.hookrelay.delivery.query.BulkRetry;
import io.hookrelay.delivery.query.BulkRetryPreview;
import io.hookrelay.delivery.query.DeliveryFilter;
import io.hookrelay.delivery.query.Page;
import io.hookrelay.delivery.query.PageRequest;
import io.hookrelay.delivery.usecase.ManageDeliveries;
import io.hookrelay.queue.AttemptRecord;
import io.hookrelay.queue.IntentQueue;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Operators' reading and steering of deliveries. Retry and cancel go through the queue, whose fence keeps a
 * worker that is sending the delivery right now from overwriting the operator's decision.
 */
public final class DeliveryAdmin implements ManageDeliveries {
    /** The most a bulk retry's preview counts. */
    public static final int PREVIEW_LIMIT = 10_000;
    /** The most the overview's pending counts add up to. */
    public static final int PENDING_LIMIT = 100_000;

    private final DeliveryStore deliveries;
    private final IntentQueue queue;

    public DeliveryAdmin(DeliveryStore deliveries, IntentQueue queue) {
        this.deliveries = Objects.requireNonNull(deliveries, "deliveries");
        this.queue = Objects.requireNonNull(queue, "queue");
    }

    public Page<Delivery> list(TenantId tenant, DeliveryFilter filter, PageRequest page) {
        return deliveries.list(tenant, filter, page);
    }

    /**
     * The log is read before the delivery: retention deletes both in one transaction, so a delivery found
     * after its log was read was not yet deleted when it was, and one deleted in between is not found,
     * rather than shown with an empty log.
     *
     * @throws NotFoundException when there is no such delivery
     */
    public DeliveryDetail get(TenantId tenant, String id) {
        List<AttemptRecord> attemptLog = queue.store().attempts(id);
        return new DeliveryDetail(find(tenant, id), attemptLog);
    }

    /**
     * Makes the delivery pending and due now, keeping its attempt count.
     *
     * @throws NotFoundException when there is no such delivery
     * @throws ConflictException when it is completed: replaying its event is how to send it again
     */
    public Delivery retry(TenantId tenant, String id) {
        find(tenant, id);
        if (!queue.retryNow(id)) {
            throw new ConflictException("delivery " + id + " is completed; replay its event to send it again");
        }
        return find(tenant, id);
    }

    /**
     * @throws NotFoundException when there is no such delivery
     * @throws ConflictException when it has already ended
     */
    public Delivery cancel(TenantId tenant, String id) {
        find(tenant, id);
        if (!queue.cancel(id)) {
            throw new ConflictException("delivery " + id + " has already ended: " + find(tenant, id).state().wireName());
        }
        return find(tenant, id);
    }

    /** @return how many deliveries were made pending */
    public int retryAll(TenantId tenant, BulkRetry request) {
        return deliveries.retryAll(tenant, request, queue.clock().instant());
    }

    /** The deliveries waiting, by target, counted up to {@value #PENDING_LIMIT} in all: "more" once it got there. */
    public PendingByTarget pendingByTarget(TenantId tenant) {
        Map<String, Long> counted = deliveries.countPendingByTarget(tenant, PENDING_LIMIT);
        long total = counted.values().stream().mapToLong(Long::longValue).sum();
        return new PendingByTarget(counted, total >= PENDING_LIMIT);
    }

    /** How many deliveries {@link #retryAll} would make pending now, counted up to {@value #PREVIEW_LIMIT}. */
    public BulkRetryPreview previewRetryAll(TenantId tenant, BulkRetry request) {
        int counted = deliveries.countRetryable(tenant, request, PREVIEW_LIMIT + 1);
        return new BulkRetryPreview(Math.min(counted, PREVIEW_LIMIT), counted > PREVIEW_LIMIT);
    }

    /**
     * Looked up in the delivery table first, so an id of the queue's other kinds of work is not a delivery
     * an operator can steer from here.
     */
    private Delivery find(TenantId tenant, String id) {
        return deliveries.find(tenant, id).orElseThrow(() -> new NotFoundException("not_found", "no delivery " + id));
    }
}
