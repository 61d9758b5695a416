package io.hookrelay.http.api;

import io.hookrelay.delivery.audit.AuditEntry;
import io.hookrelay.delivery.audit.AuditedChange;
import io.hookrelay.delivery.model.ResourceIds;
import io.hookrelay.delivery.model.Ulids;
import io.hookrelay.delivery.tenant.KeyGrant;
import io.hookrelay.delivery.usecase.KeepAuditLog;
import io.hookrelay.http.ApiRequest;
import io.hookrelay.http.ForbiddenException;
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
    /** Whoever holds the admin token, through the API or the console. */
    private static final String OPERATOR = "operator";
    private static final String TENANTS = PREFIX + "tenants";

    private final KeepAuditLog audit;

    AuditHandler(KeepAuditLog audit) {
        this.audit = Objects.requireNonNull(audit, "audit");
    }

    void addTo(ApiEndpoints api) {
        api.get("/api/v1/audit", Paging.parametersWith("tenant"), request -> Reply.ok(PageJson.of(
                audit.list(tenantsOf(request), Paging.pageRequest(request, Ulids.AUDIT)), EntryJson::of)));
    }

    /**
     * Whose entries a request may list: the operator's, any tenant's or every one ({@code ?tenant=}); a key's, its own
     * tenant's alone.
     *
     * @throws ForbiddenException when a key asks for another tenant's
     */
    private static Optional<String> tenantsOf(ApiRequest request) {
        Optional<String> asked = request.queryParameter("tenant").map(id -> ResourceIds.require(id, "tenant"));
        if (request.key().isEmpty()) {
            return asked;
        }
        String own = request.key().get().tenant().value();
        if (asked.filter(id -> !id.equals(own)).isPresent()) {
            throw new ForbiddenException("a key reads its own tenant's audit log only");
        }
        return Optional.of(own);
    }

    /**
     * The change a successful request made, named by its route: {@code POST /api/v1/targets/{id}/pause} is
     * {@code target.pause} of that target; a create is {@code .create} of the id its answer names, a {@code PUT}
     * {@code .update}, a {@code DELETE} {@code .delete}. A change to a tenant or within one (its keys) is that tenant's;
     * every other is the tenant the request acted in. Its actor is the key that made it, or the operator.
     */
    static AuditedChange changeOf(HttpString method, String template, ApiRequest request, Reply reply) {
        String type = "api";
        Optional<String> id = Optional.empty();
        String verb = null;
        for (String segment : template.substring(PREFIX.length()).split("/")) {
            if (segment.startsWith("{")) {
                id = Optional.of(request.pathParameter(segment.substring(1, segment.length() - 1)));
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
        String tenant = !template.startsWith(TENANTS) ? request.tenant().value()
                : request.hasPathParameter("id") ? request.pathParameter("id")
                : id.orElseThrow(() -> new IllegalStateException("a tenant's creation names the tenant it made"));
        String actor = request.key().map(KeyGrant::keyId).orElse(OPERATOR);
        return new AuditedChange(actor, tenant, type + "." + verb, type, id);
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
