package io.hookrelay.storage.jdbi;

import io.hookrelay.delivery.model.ScopedId;
import io.hookrelay.delivery.model.TenantId;
import java.util.Map;
import java.util.stream.Collectors;

/** A tenant's pending deliveries as the queue counts them, by target key, turned into counts by target id. */
public final class PendingCounts {

    private PendingCounts() {
    }

    /** @throws IllegalArgumentException when a key is of another tenant than {@code tenant} */
    public static Map<String, Long> byTargetId(TenantId tenant, Map<String, Long> byKey) {
        return byKey.entrySet().stream().collect(Collectors.toUnmodifiableMap(count -> targetId(tenant, count.getKey()),
                Map.Entry::getValue));
    }

    private static String targetId(TenantId tenant, String key) {
        ScopedId target = ScopedId.ofKey(key);
        if (!target.tenant().equals(tenant)) {
            throw new IllegalArgumentException("pending work of " + target + " counted for tenant " + tenant);
        }
        return target.id();
    }
}
