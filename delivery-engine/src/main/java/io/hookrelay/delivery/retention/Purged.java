package io.hookrelay.delivery.retention;

import io.hookrelay.delivery.model.TenantId;
import io.hookrelay.delivery.port.TenantRows;
import java.util.Map;
import java.util.Objects;

/**
 * What one purge deleted of a deleted tenant's rows, by part.
 *
 * @param finished false when the purge was told to stop before it ran out of rows; the next one goes on
 */
public record Purged(TenantId tenant, Map<TenantRows, Integer> deleted, boolean finished) {
    public Purged {
        Objects.requireNonNull(tenant, "tenant");
        deleted = Map.copyOf(deleted);
        if (deleted.values().stream().anyMatch(count -> count < 0)) {
            throw new IllegalArgumentException("deleted counts are never negative");
        }
    }

    /** Of {@code part}, 0 when none. */
    public int deleted(TenantRows part) {
        return deleted.getOrDefault(part, 0);
    }
}
