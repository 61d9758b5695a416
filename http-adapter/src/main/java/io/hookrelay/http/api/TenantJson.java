package io.hookrelay.http.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.hookrelay.delivery.error.InvalidRequestException;
import io.hookrelay.delivery.tenant.KeyScope;
import io.hookrelay.delivery.tenant.Tenant;
import io.hookrelay.delivery.tenant.TenantKey;
import io.hookrelay.delivery.tenant.TenantQuotas;
import io.hookrelay.delivery.usecase.ManageTenantKeys;
import java.time.Instant;
import java.util.Optional;
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

    /** A tenant's key as the API shows it; {@code token} only in the answer to its issue, null (left out) otherwise. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record KeyJson(String id, String name, String scope, String createdAt, @JsonInclude(JsonInclude.Include.ALWAYS) String expiresAt,
                   @JsonInclude(JsonInclude.Include.ALWAYS) String lastUsedAt, String token) {

        static KeyJson of(TenantKey key) {
            return new KeyJson(key.id(), key.name(), key.scope().wireName(), JsonTimes.format(key.createdAt()),
                    key.expiresAt().map(JsonTimes::format).orElse(null), key.lastUsedAt().map(JsonTimes::format).orElse(null), null);
        }

        static KeyJson issued(ManageTenantKeys.IssuedKey issued) {
            KeyJson shown = of(issued.key());
            return new KeyJson(shown.id, shown.name, shown.scope, shown.createdAt, shown.expiresAt, shown.lastUsedAt, issued.token());
        }

        @Override
        public String toString() {
            return "KeyJson[id=" + id + ", token=(hidden)]";
        }
    }

    /** A key as the operator asks for it: {@code name} and {@code scope} required, {@code expires_at} optional. */
    record KeyRequest(String name, String scope, String expiresAt) {
        KeyScope keyScope() {
            return KeyScope.fromWireName(Fields.required(scope, "scope"))
                    .orElseThrow(() -> new InvalidRequestException("scope must be admin or read"));
        }

        Optional<Instant> expiry() {
            return Optional.ofNullable(expiresAt).map(at -> Fields.rfc3339(at, "expires_at"));
        }
    }
}
