package io.hookrelay.delivery.tenant;

import io.hookrelay.delivery.model.ResourceIds;
import java.time.LocalDate;
import java.util.Objects;

/**
 * What one tenant's webhooks amounted to on one UTC day, for billing (DESIGN §12). Counted as it happens and kept apart
 * from the events and deliveries it counts, so retention's deletion of those leaves it whole.
 *
 * @param eventsAccepted      webhooks stored as events; a repeat refused by its idempotency key is none
 * @param attempts            delivery attempts that reached the network, whatever the receiver answered
 * @param deliveriesSucceeded deliveries that completed
 * @param deliveriesFailed    deliveries that failed for good
 */
public record TenantUsage(String tenantId, LocalDate date, long eventsAccepted, long attempts, long deliveriesSucceeded,
                          long deliveriesFailed) {

    public TenantUsage {
        ResourceIds.require(tenantId, "tenant");
        Objects.requireNonNull(date, "date");
        if (eventsAccepted < 0 || attempts < 0 || deliveriesSucceeded < 0 || deliveriesFailed < 0) {
            throw new IllegalArgumentException("counts cannot be negative");
        }
    }

    /** A day on which nothing was counted. */
    public static TenantUsage none(String tenantId, LocalDate date) {
        return new TenantUsage(tenantId, date, 0, 0, 0, 0);
    }

    /** Both counts of the same tenant and day, added. */
    public TenantUsage plus(TenantUsage other) {
        if (!tenantId.equals(other.tenantId) || !date.equals(other.date)) {
            throw new IllegalArgumentException("only counts of one tenant and day add up");
        }
        return new TenantUsage(tenantId, date, eventsAccepted + other.eventsAccepted, attempts + other.attempts,
                deliveriesSucceeded + other.deliveriesSucceeded, deliveriesFailed + other.deliveriesFailed);
    }
}
