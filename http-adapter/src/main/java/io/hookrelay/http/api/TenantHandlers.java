package io.hookrelay.http.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.hookrelay.delivery.error.InvalidRequestException;
import io.hookrelay.delivery.model.ResourceIds;
import io.hookrelay.delivery.model.Ulids;
import io.hookrelay.delivery.query.Cursors;
import io.hookrelay.delivery.tenant.KeyScope;
import io.hookrelay.delivery.tenant.Tenant;
import io.hookrelay.delivery.tenant.TenantKey;
import io.hookrelay.delivery.tenant.TenantQuotas;
import io.hookrelay.delivery.tenant.TenantUsage;
import io.hookrelay.delivery.usecase.ManageTenantKeys;
import io.hookrelay.delivery.usecase.ManageTenants;
import io.hookrelay.delivery.usecase.ReportTenantUsage;
import io.hookrelay.http.ApiRequest;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/**
 * {@code /api/v1/tenants}: the operator's tenants (DESIGN §12), listed by id a page at a time; {@code default} may be
 * changed but not deleted. Their keys under {@code /api/v1/tenants/{id}/keys}: a key's token is shown when it is issued
 * and never again. Their usage by UTC day under {@code /api/v1/tenants/{id}/usage}, every day of the range listed.
 */
final class TenantHandlers {
    private static final String TENANTS = "/api/v1/tenants";
    private static final String TENANT = TENANTS + "/{id}";

    private static final String KEYS = TENANT + "/keys";

    private final ManageTenants tenants;
    private final ManageTenantKeys keys;
    private final ReportTenantUsage usage;

    TenantHandlers(ManageTenants tenants, ManageTenantKeys keys, ReportTenantUsage usage) {
        this.tenants = Objects.requireNonNull(tenants, "tenants");
        this.keys = Objects.requireNonNull(keys, "keys");
        this.usage = Objects.requireNonNull(usage, "usage");
    }

    void addTo(ApiEndpoints api) {
        api.post(TENANTS, this::create);
        api.get(TENANTS, Paging.parametersWith(), this::list);
        api.get(TENANT, request -> Reply.ok(TenantJson.of(tenants.get(id(request)))));
        api.put(TENANT, this::replace);
        api.delete(TENANT, TenantHandlers::id, (acting, id) -> tenants.delete(id));
        api.postAction(TENANT + "/suspend", TenantHandlers::id, (acting, id) -> Reply.ok(TenantJson.of(tenants.suspend(id))));
        api.postAction(TENANT + "/resume", TenantHandlers::id, (acting, id) -> Reply.ok(TenantJson.of(tenants.resume(id))));
        api.post(KEYS, this::issueKey);
        api.get(KEYS, request -> Reply.ok(DataJson.of(keys.list(id(request)), TenantJson.KeyJson::of)));
        api.delete(KEYS + "/{key}", TenantHandlers::keyOf, (acting, key) -> keys.revoke(key.tenant(), key.id()));
        api.get(TENANT + "/usage", Set.of("from", "to"), this::usage);
    }

    /** {@code from} and {@code to} are UTC days, both included; left out, the use case's defaults. */
    private Reply usage(ApiRequest request) {
        String tenant = id(request);
        Optional<LocalDate> from = request.queryParameter("from").map(day -> Fields.date(day, "from"));
        Optional<LocalDate> to = request.queryParameter("to").map(day -> Fields.date(day, "to"));
        return Reply.ok(DataJson.of(usage.daily(tenant, from, to), UsageJson::of));
    }

    /** A tenant's day as the API shows it. */
    record UsageJson(String date, long eventsAccepted, long attempts, long deliveriesSucceeded, long deliveriesFailed) {
        static UsageJson of(TenantUsage day) {
            return new UsageJson(day.date().toString(), day.eventsAccepted(), day.attempts(), day.deliveriesSucceeded(),
                    day.deliveriesFailed());
        }
    }

    /** The token is in this answer and no other. */
    private Reply issueKey(ApiRequest request) {
        String tenant = id(request);
        TenantJson.KeyRequest body = request.jsonBody(TenantJson.KeyRequest.class);
        return Reply.created(TenantJson.KeyJson.issued(keys.issue(tenant, Fields.required(body.name(), "name"), body.keyScope(),
                body.expiry())));
    }

    private Reply create(ApiRequest request) {
        TenantJson.Request body = request.jsonBody(TenantJson.Request.class);
        String id = ResourceIds.require(Fields.required(body.id(), "id"), "tenant");
        return Reply.created(TenantJson.of(tenants.create(id, body.nameOr(id), body.tenantQuotas())));
    }

    private Reply list(ApiRequest request) {
        int limit = Paging.limit(request);
        Optional<String> after = request.queryParameter("cursor").map(cursor -> Cursors.decode(cursor, ResourceIds::isValid));
        return Reply.ok(PageJson.of(tenants.list(after, limit), TenantJson::of));
    }

    private Reply replace(ApiRequest request) {
        String id = id(request);
        TenantJson.Request body = request.jsonBody(TenantJson.Request.class);
        Fields.pathId(body.id(), id);
        return Reply.ok(TenantJson.of(tenants.replace(id, body.nameOr(id), body.tenantQuotas())));
    }

    private static String id(ApiRequest request) {
        return ResourceIds.require(request.pathParameter("id"), "tenant");
    }

    /** The key a path names, within the tenant it names. */
    private record KeyPath(String tenant, String id) {
    }

    private static KeyPath keyOf(ApiRequest request) {
        return new KeyPath(id(request), Fields.ulid(request.pathParameter("key"), Ulids.KEY, "key"));
    }

    /** A tenant as the API shows it (DESIGN §12); a quota is null for no limit. */
    record TenantJson(String id, String name, QuotasJson quotas, boolean suspended, String createdAt)
            implements Reply.Identified {

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
                       @JsonInclude(JsonInclude.Include.ALWAYS) String lastUsedAt, String token) implements Reply.Identified {

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
}
