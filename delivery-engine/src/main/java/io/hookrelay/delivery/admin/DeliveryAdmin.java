package io.hookrelay.delivery.admin;

import io.hookrelay.delivery.BulkRetry;
import io.hookrelay.delivery.Delivery;
import io.hookrelay.delivery.DeliveryDetail;
import io.hookrelay.delivery.DeliveryFilter;
import io.hookrelay.delivery.DeliveryStore;
import io.hookrelay.delivery.Page;
import io.hookrelay.delivery.PageRequest;
import io.hookrelay.queue.IntentQueue;

/** STUB. retry of a completed delivery → ConflictException; cancel of an ended one → ConflictException. */
public final class DeliveryAdmin {
    public DeliveryAdmin(DeliveryStore deliveries, IntentQueue queue) {
        throw new UnsupportedOperationException("stub");
    }

    public Page<Delivery> list(DeliveryFilter filter, PageRequest page) {
        throw new UnsupportedOperationException("stub");
    }

    public DeliveryDetail get(String id) {
        throw new UnsupportedOperationException("stub");
    }

    public Delivery retry(String id) {
        throw new UnsupportedOperationException("stub");
    }

    public Delivery cancel(String id) {
        throw new UnsupportedOperationException("stub");
    }

    public int retryAll(BulkRetry request) {
        throw new UnsupportedOperationException("stub");
    }
}
