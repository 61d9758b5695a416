package io.hookrelay.delivery.testing;

import io.hookrelay.delivery.retention.RetentionMetrics;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** Keeps every batch count retention reports, in order, for tests to read back. */
public final class RecordingRetentionMetrics implements RetentionMetrics {
    private final List<Integer> deliveryBatches = new CopyOnWriteArrayList<>();
    private final List<Integer> eventBatches = new CopyOnWriteArrayList<>();

    @Override
    public void deliveriesDeleted(int count) {
        deliveryBatches.add(count);
    }

    @Override
    public void eventsDeleted(int count) {
        eventBatches.add(count);
    }

    public List<Integer> deliveryBatches() {
        return List.copyOf(deliveryBatches);
    }

    public List<Integer> eventBatches() {
        return List.copyOf(eventBatches);
    }
}
