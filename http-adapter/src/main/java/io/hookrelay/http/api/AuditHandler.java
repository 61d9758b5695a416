package io.hookrelay.http.api;

import io.hookrelay.delivery.audit.AuditEntry;
import io.hookrelay.delivery.audit.AuditedChange;
import io.hookrelay.delivery.model.ResourceIds;
import io.hookrelay.delivery.model.Ulids;
import io.hookrelay.delivery.tenant.Tenant;
import io.hookrelay.delivery.usecase.KeepAuditLog;
import io.hookrelay.http.ApiRequest;
import io.undertow.util.HttpString;
import io.undertow.util.Methods;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * {@code GET /api/v1/audit}: the changes made through the API and the console, newest first, each with who made it,
 * the tenant, the resource and the time; {@code ?tenant=} keeps one tenant's. What each change is called comes from
 * the route it took ({@link #changeOf}), so no endpoint can be added without being audited.
 */
final class AuditHandler {
    private static final String PREFIX = "/api/v1/";
    /** Where a route names its resource, by the collection in its path; {@code admin} only prefixes what follows. */
    private static final Map<String, String> RESOURCES = Map.of("sources", "source", "targets", "target", "routes", "route",
            "events", "event", "deliveries", "delivery", "tenants", "tenant", "keys", "key", "settings", "settings", "backup", "backup");
    /** The only actor until tenant keys sign in: whoever holds the admin token, through the API or the console. */
    private static final String OPERATOR = "operator";

    private final KeepAuditLog audit;

    AuditHandler(KeepAuditLog audit) {
        this.audit = Objects.requireNonNull(audit, "audit");
    }

    void addTo(ApiEndpoints api) {
        api.get("/api/v1/audit", Paging.parametersWith("tenant"), request -> Reply.ok(PageJson.of(
                audit.list(request.queryParameter("tenant").map(id -> ResourceIds.require(id, "tenant")),
                        Paging.pageRequest(request, Ulids.AUDIT)), EntryJson::of)));
    }

    /**
     * The change a successful request made, named by its route: {@code POST /api/v1/targets/{id}/pause} is
     * {@code target.pause} of that target; a create is {@code .create} of the id its answer names, a {@code PUT}
     * {@code .update}, a {@code DELETE} {@code .delete}. A change to a tenant or within one (its keys) is that tenant's;
     * every other is {@code default}'s, which holds everything until resources are scoped by tenant.
     */
    static AuditedChange changeOf(HttpString method, String template, ApiRequest request, Reply reply) {
        String type = "api";
        Optional<String> id = Optional.empty();
        String verb = null;
        String tenant = Tenant.DEFAULT;
        for (String segment : template.substring(PREFIX.length()).split("/")) {
            if (segment.startsWith("{")) {
                id = Optional.of(request.pathParameter(segment.substring(1, segment.length() - 1)));
                if (type.equals("tenant")) {
                    tenant = id.get();
                }
            } else if (RESOURCES.containsKey(segment)) {
                type = RESOURCES.get(segment);
                id = Optional.empty();
            } else if (!segment.equals("admin")) {
                verb = segment;
            }
        }
        if (verb == null) {
            verb = Methods.POST.equals(method) ? "create" : Methods.PUT.equals(method) ? "update" : "delete";
            if (id.isEmpty()) {
                id = reply.identified();
            }
        }
        if (type.equals("tenant")) {
            tenant = id.orElse(tenant);
        }
        return new AuditedChange(OPERATOR, tenant, type + "." + verb, type, id);
    }

    /** An entry as the API shows it. */
    record EntryJson(String id, String at, String actor, String tenant, String action, ResourceJson resource) {
        static EntryJson of(AuditEntry entry) {
            AuditedChange change = entry.change();
            return new EntryJson(entry.id(), JsonTimes.format(entry.at()), change.actor(), change.tenantId(), change.action(),
                    new ResourceJson(change.resourceType(), change.resourceId().orElse(null)));
        }
    }

    record ResourceJson(String type, String id) {
    }
}
