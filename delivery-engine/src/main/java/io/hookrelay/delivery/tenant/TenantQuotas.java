package io.hookrelay.delivery.tenant;

import io.hookrelay.delivery.error.InvalidRequestException;
import java.util.Objects;
import java.util.OptionalInt;

/**
 * What one tenant may use (DESIGN §12); each limit is absent (none) or a positive number.
 *
 * @param ingestPerSecond webhooks a second over all the tenant's sources, on every node together
 * @param maxInFlight     the tenant's deliveries in flight over all its targets and nodes
 * @param maxSources      sources the tenant may have
 * @param maxTargets      targets the tenant may have
 */
public record TenantQuotas(OptionalInt ingestPerSecond, OptionalInt maxInFlight, OptionalInt maxSources, OptionalInt maxTargets) {
    public static final TenantQuotas NONE = new TenantQuotas(OptionalInt.empty(), OptionalInt.empty(), OptionalInt.empty(),
            OptionalInt.empty());

    /** @throws InvalidRequestException naming the first limit that is not a positive number */
    public TenantQuotas {
        requirePositive(ingestPerSecond, "ingest_per_s");
        requirePositive(maxInFlight, "max_in_flight");
        requirePositive(maxSources, "max_sources");
        requirePositive(maxTargets, "max_targets");
    }

    private static void requirePositive(OptionalInt limit, String name) {
        Objects.requireNonNull(limit, name);
        if (limit.isPresent() && limit.getAsInt() < 1) {
            throw new InvalidRequestException("quotas." + name + " must be null (no limit) or a positive integer");
        }
    }
}
