package io.hookrelay.delivery.usecase;

import io.hookrelay.delivery.query.Page;
import io.hookrelay.delivery.tenant.Tenant;
import io.hookrelay.delivery.tenant.TenantQuotas;
import java.util.Optional;

/** The tenants of a deployment, as its operator keeps them (DESIGN §12). */
public interface ManageTenants {

    /** @throws io.hookrelay.delivery.error.ConflictException when a tenant with this id exists */
    Tenant create(String id, String name, TenantQuotas quotas);

    /**
     * Tenants by id, {@code limit} at a time.
     *
     * @param after the last id of the page before; empty for the first page
     */
    Page<Tenant> list(Optional<String> after, int limit);

    /** @throws io.hookrelay.delivery.error.NotFoundException when there is no such tenant */
    Tenant get(String id);

    /**
     * Replaces its name and quotas; whether it is suspended stays as it was.
     *
     * @throws io.hookrelay.delivery.error.NotFoundException when there is no such tenant
     */
    Tenant replace(String id, String name, TenantQuotas quotas);

    /** @throws io.hookrelay.delivery.error.NotFoundException when there is no such tenant */
    Tenant suspend(String id);

    /** @throws io.hookrelay.delivery.error.NotFoundException when there is no such tenant */
    Tenant resume(String id);

    /**
     * @throws io.hookrelay.delivery.error.NotFoundException when there is no such tenant
     * @throws io.hookrelay.delivery.error.ConflictException for {@code default}, which always exists
     */
    void delete(String id);
}
