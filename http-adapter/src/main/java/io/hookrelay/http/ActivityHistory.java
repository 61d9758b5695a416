package io.hookrelay.http;

import io.hookrelay.delivery.model.TenantId;
import java.util.List;

/** What the overview's charts show: a tenant's recent activity on this node, oldest sample first. */
@FunctionalInterface
public interface ActivityHistory {
    ActivityHistory NONE = tenant -> List.of();

    /** Only {@code tenant}'s: another tenant's rates or target names are never in it (DESIGN §12). */
    List<ActivitySample> samples(TenantId tenant);
}
