package io.hookrelay.delivery.port;

import io.hookrelay.delivery.model.DeliveryAttemptOutcome;
import io.hookrelay.delivery.model.EventTypeDrop;
import io.hookrelay.delivery.model.IngestOutcome;
import io.hookrelay.delivery.query.OperatorEventType;
import java.time.Duration;

/** Where the relay reports what it does; labels are the enums' fixed names, never ids, URLs or secrets. */
public interface RelayMetrics {

    RelayMetrics NONE = new RelayMetrics() {
        @Override
        public void ingested(IngestOutcome outcome) {
        }

        @Override
        public void eventTypeDropped(EventTypeDrop reason) {
        }

        @Override
        public void deliveryAttempted(DeliveryAttemptOutcome outcome) {
        }

        @Override
        public void delivered(Duration sinceReceived) {
        }

        @Override
        public void rateLimited() {
        }

        @Override
        public void operatorEvent(OperatorEventType type) {
        }
    };

    void ingested(IngestOutcome outcome);

    /** An accepted event was stored without a type, because its source's extraction found none it could use. */
    void eventTypeDropped(EventTypeDrop reason);

    void deliveryAttempted(DeliveryAttemptOutcome outcome);

    /** A delivery succeeded {@code sinceReceived} after its event arrived. */
    void delivered(Duration sinceReceived);

    /** A delivery found its target's rate limit used up and waits for it, its attempt not counted. */
    void rateLimited();

    /** An operator event was stored, and sent on if an operator target is set. */
    void operatorEvent(OperatorEventType type);
}
