package io.hookrelay.http.api;

import io.hookrelay.delivery.model.Tenant;
import io.hookrelay.delivery.model.TenantQuotas;
import java.util.OptionalInt;

/** A tenant as the API shows it (DESIGN §12); a quota is null for no limit. */
record TenantJson(String id, String name, QuotasJson quotas, boolean suspended, String createdAt) {

    static TenantJson of(Tenant tenant) {
        return new TenantJson(tenant.id(), tenant.name(), QuotasJson.of(tenant.quotas()), tenant.suspended(),
                JsonTimes.format(tenant.createdAt()));
    }

    /** A tenant's quotas as written and shown: each a positive integer, or null (or left out) for none. */
    record QuotasJson(Integer ingestPerS, Integer maxInFlight, Integer maxSources, Integer maxTargets) {
        static final QuotasJson NONE = new QuotasJson(null, null, null, null);

        static QuotasJson of(TenantQuotas quotas) {
            return new QuotasJson(value(quotas.ingestPerSecond()), value(quotas.maxInFlight()), value(quotas.maxSources()),
                    value(quotas.maxTargets()));
        }

        TenantQuotas quotas() {
            return new TenantQuotas(limit(ingestPerS), limit(maxInFlight), limit(maxSources), limit(maxTargets));
        }

        private static Integer value(OptionalInt limit) {
            return limit.isPresent() ? limit.getAsInt() : null;
        }

        private static OptionalInt limit(Integer value) {
            return value == null ? OptionalInt.empty() : OptionalInt.of(value);
        }
    }

    /**
     * A tenant as a client writes it, for {@code POST /api/v1/tenants} and {@code PUT /api/v1/tenants/{id}}: {@code name}
     * defaults to the id, and quotas left out are none, so a PUT is always the whole tenant.
     */
    record Request(String id, String name, QuotasJson quotas) {
        String nameOr(String id) {
            return name == null ? id : name;
        }

        TenantQuotas tenantQuotas() {
            return (quotas == null ? QuotasJson.NONE : quotas).quotas();
        }
    }
}
