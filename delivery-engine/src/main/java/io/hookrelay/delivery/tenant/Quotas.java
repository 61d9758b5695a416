package io.hookrelay.delivery.tenant;

import io.hookrelay.delivery.error.ConflictException;
import io.hookrelay.delivery.model.TenantId;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.Function;
import java.util.function.IntSupplier;

/**
 * The count quotas of a tenant ({@code max_sources}, {@code max_targets}), checked before something is created. The
 * count is read, then the creation made: two creations at once on different nodes may both pass at the last free
 * place, and the tenant then holds one more than its quota; nothing is ever refused wrongly.
 */
public final class Quotas {
    private final Function<TenantId, Optional<Tenant>> tenants;

    /** @param tenants where a tenant's quotas are looked up, such as a cache of the tenant store */
    public Quotas(Function<TenantId, Optional<Tenant>> tenants) {
        this.tenants = Objects.requireNonNull(tenants, "tenants");
    }

    /**
     * @param quota   which of the tenant's quotas bounds it, such as {@code TenantQuotas::maxSources}
     * @param counted how many the tenant has now, read only when it has such a quota
     * @throws ConflictException code {@code quota_exceeded} when one more would be over the quota
     */
    public void requireRoom(TenantId tenant, String what, Function<TenantQuotas, OptionalInt> quota, IntSupplier counted) {
        OptionalInt limit = tenants.apply(tenant).map(owner -> quota.apply(owner.quotas())).orElse(OptionalInt.empty());
        if (limit.isPresent() && counted.getAsInt() >= limit.getAsInt()) {
            throw new ConflictException("quota_exceeded", "tenant " + tenant + " may have at most " + limit.getAsInt() + " " + what);
        }
    }
}
