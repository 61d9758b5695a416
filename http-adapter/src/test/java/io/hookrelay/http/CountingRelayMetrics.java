package io.hookrelay.http;

import io.hookrelay.delivery.DeliveryAttemptOutcome;
import io.hookrelay.delivery.EventTypeDrop;
import io.hookrelay.delivery.IngestOutcome;
import io.hookrelay.delivery.RelayMetrics;
import io.hookrelay.delivery.operator.OperatorEventType;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** Keeps the ingest outcomes reported to it, in order. */
final class CountingRelayMetrics implements RelayMetrics {
    final List<IngestOutcome> ingested = new CopyOnWriteArrayList<>();

    @Override
    public void ingested(IngestOutcome outcome) {
        ingested.add(outcome);
    }

    @Override
    public void eventTypeDropped(EventTypeDrop reason) {
        throw new AssertionError("the HTTP adapter never extracts event types");
    }

    @Override
    public void deliveryAttempted(DeliveryAttemptOutcome outcome) {
        throw new AssertionError("the HTTP adapter never attempts deliveries");
    }

    @Override
    public void delivered(Duration sinceReceived) {
        throw new AssertionError("the HTTP adapter never delivers");
    }

    @Override
    public void rateLimited() {
    }

    @Override
    public void operatorEvent(OperatorEventType type) {
    }
}
