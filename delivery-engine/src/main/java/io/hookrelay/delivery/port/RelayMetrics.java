package io.hookrelay.delivery.port;

import io.hookrelay.delivery.model.DeliveryAttemptOutcome;
import io.hookrelay.delivery.model.EventTypeDrop;
import io.hookrelay.delivery.model.IngestOutcome;
import io.hookrelay.delivery.model.TenantId;
import io.hookrelay.delivery.query.OperatorEventType;
import java.time.Duration;

/**
 * Where the relay reports what it does; labels are the enums' fixed names, never ids, URLs or secrets. A tenant given is
 * for that tenant's own activity charts (DESIGN §10, §12), never a label.
 */
public interface RelayMetrics {

    RelayMetrics NONE = new RelayMetrics() {
        @Override
        public void ingested(IngestOutcome outcome) {
        }

        @Override
        public void ingested(TenantId tenant, IngestOutcome outcome) {
        }

        @Override
        public void eventTypeDropped(EventTypeDrop reason) {
        }

        @Override
        public void deliveryAttempted(TenantId tenant, DeliveryAttemptOutcome outcome) {
        }

        @Override
        public void delivered(TenantId tenant, Duration sinceReceived) {
        }

        @Override
        public void rateLimited() {
        }

        @Override
        public void operatorEvent(OperatorEventType type) {
        }
    };

    /** A webhook was answered before any tenant's source was found for it: a loop, or no such source. */
    void ingested(IngestOutcome outcome);

    /** A webhook to one of {@code tenant}'s sources was answered {@code outcome}. */
    void ingested(TenantId tenant, IngestOutcome outcome);

    /** An accepted event was stored without a type, because its source's extraction found none it could use. */
    void eventTypeDropped(EventTypeDrop reason);

    /** An attempt of a delivery of {@code tenant}'s ended {@code outcome}. */
    void deliveryAttempted(TenantId tenant, DeliveryAttemptOutcome outcome);

    /** A delivery of {@code tenant}'s succeeded {@code sinceReceived} after its event arrived. */
    void delivered(TenantId tenant, Duration sinceReceived);

    /** A delivery found its target's rate limit used up and waits for it, its attempt not counted. */
    void rateLimited();

    /** An operator event was stored, and sent on if an operator target is set. */
    void operatorEvent(OperatorEventType type);
}
