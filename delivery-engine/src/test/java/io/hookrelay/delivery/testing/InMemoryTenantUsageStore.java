package io.hookrelay.delivery.testing;

import io.hookrelay.delivery.port.TenantUsageStore;
import io.hookrelay.delivery.tenant.TenantUsage;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@link TenantUsageStore} in memory, for the use cases' tests: every tenant exists. Each {@link #add} is kept as it came,
 * so a test sees how counts were batched, and made to fail when {@link #failing} is set.
 */
public final class InMemoryTenantUsageStore implements TenantUsageStore {
    private final Map<String, TenantUsage> kept = new TreeMap<>();
    private final List<List<TenantUsage>> adds = new ArrayList<>();
    private volatile boolean failing;

    @Override
    public synchronized void add(List<TenantUsage> counts) {
        if (failing) {
            throw new IllegalStateException("the store is down");
        }
        adds.add(List.copyOf(counts));
        counts.forEach(count -> kept.merge(count.tenantId() + " " + count.date(), count, TenantUsage::plus));
    }

    @Override
    public synchronized List<TenantUsage> daily(String tenantId, LocalDate from, LocalDate to) {
        return kept.values().stream().filter(usage -> usage.tenantId().equals(tenantId))
                .filter(usage -> !usage.date().isBefore(from) && !usage.date().isAfter(to)).toList();
    }

    /** Every {@link #add} that landed, in order. */
    public synchronized List<List<TenantUsage>> adds() {
        return List.copyOf(adds);
    }

    public void failing(boolean down) {
        failing = down;
    }
}
