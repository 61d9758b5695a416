package io.hookrelay.app.metrics;

import io.hookrelay.delivery.model.TenantId;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What each tenant did on this node since the {@link ActivitySampler} last took it: its charts' counts, kept apart from
 * the Prometheus meters, which never carry a tenant. Only a tenant that did something since the last take has an
 * entry, so idle tenants cost nothing; a count made while the counts are taken lands in the next take, never lost.
 */
public final class TenantActivity {
    private final Map<TenantId, Counts> counts = new ConcurrentHashMap<>();

    /** One tenant's counts; {@code lag} is the sum, over its {@code delivered} deliveries, of arrival to delivery. */
    record Counts(long accepted, long delivered, long failed, Duration lag) {
        static final Counts NONE = new Counts(0, 0, 0, Duration.ZERO);

        Counts {
            Objects.requireNonNull(lag, "lag");
            if (accepted < 0 || delivered < 0 || failed < 0 || lag.isNegative()) {
                throw new IllegalArgumentException("counts are never negative");
            }
        }

        Counts plus(Counts other) {
            return new Counts(accepted + other.accepted, delivered + other.delivered, failed + other.failed, lag.plus(other.lag));
        }
    }

    void accepted(TenantId tenant) {
        add(tenant, new Counts(1, 0, 0, Duration.ZERO));
    }

    void delivered(TenantId tenant, Duration sinceReceived) {
        add(tenant, new Counts(0, 1, 0, sinceReceived));
    }

    void attemptFailed(TenantId tenant) {
        add(tenant, new Counts(0, 0, 1, Duration.ZERO));
    }

    /** What was counted since the last take, by tenant; what is counted from now on is the next take's. */
    Map<TenantId, Counts> take() {
        Map<TenantId, Counts> taken = new HashMap<>();
        for (TenantId tenant : counts.keySet()) {
            Counts one = counts.remove(tenant);
            if (one != null) {
                taken.put(tenant, one);
            }
        }
        return taken;
    }

    private void add(TenantId tenant, Counts more) {
        counts.merge(tenant, more, Counts::plus);
    }
}
