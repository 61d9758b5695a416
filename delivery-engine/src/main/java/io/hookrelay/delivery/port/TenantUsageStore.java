package io.hookrelay.delivery.port;

import io.hookrelay.delivery.tenant.TenantUsage;
import java.time.LocalDate;
import java.util.List;

/**
 * Tenants' daily usage, kept beside the events and deliveries it counts rather than read from them, so that it outlives
 * their deletion; a tenant's deletion takes its usage along.
 */
public interface TenantUsageStore {

    /**
     * Adds each count to what is kept for its tenant and day, all in one transaction: counts added by several nodes at
     * once add up. Counts of a tenant that no longer exists are dropped.
     */
    void add(List<TenantUsage> counts);

    /** The tenant's days from {@code from} to {@code to}, both included, that have counts kept, oldest first. */
    List<TenantUsage> daily(String tenantId, LocalDate from, LocalDate to);
}
