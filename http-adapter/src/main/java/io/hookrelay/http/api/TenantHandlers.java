package io.hookrelay.http.api;

import io.hookrelay.delivery.model.ResourceIds;
import io.hookrelay.delivery.model.Ulids;
import io.hookrelay.delivery.query.Cursors;
import io.hookrelay.delivery.usecase.ManageTenantKeys;
import io.hookrelay.delivery.usecase.ManageTenants;
import io.hookrelay.http.ApiRequest;
import java.util.Objects;
import java.util.Optional;

/**
 * {@code /api/v1/tenants}: the operator's tenants (DESIGN §12), listed by id a page at a time; {@code default} may be
 * changed but not deleted. Their keys under {@code /api/v1/tenants/{id}/keys}: a key's token is shown when it is issued
 * and never again.
 */
final class TenantHandlers {
    private static final String TENANTS = "/api/v1/tenants";
    private static final String TENANT = TENANTS + "/{id}";

    private static final String KEYS = TENANT + "/keys";

    private final ManageTenants tenants;
    private final ManageTenantKeys keys;

    TenantHandlers(ManageTenants tenants, ManageTenantKeys keys) {
        this.tenants = Objects.requireNonNull(tenants, "tenants");
        this.keys = Objects.requireNonNull(keys, "keys");
    }

    void addTo(ApiEndpoints api) {
        api.post(TENANTS, this::create);
        api.get(TENANTS, Paging.parametersWith(), this::list);
        api.get(TENANT, request -> Reply.ok(TenantJson.of(tenants.get(id(request)))));
        api.put(TENANT, this::replace);
        api.delete(TENANT, TenantHandlers::id, tenants::delete);
        api.postAction(TENANT + "/suspend", TenantHandlers::id, id -> Reply.ok(TenantJson.of(tenants.suspend(id))));
        api.postAction(TENANT + "/resume", TenantHandlers::id, id -> Reply.ok(TenantJson.of(tenants.resume(id))));
        api.post(KEYS, this::issueKey);
        api.get(KEYS, request -> Reply.ok(DataJson.of(keys.list(id(request)), TenantJson.KeyJson::of)));
        api.delete(KEYS + "/{key}", TenantHandlers::keyOf, key -> keys.revoke(key.tenant(), key.id()));
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
}
