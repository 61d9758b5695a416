package io.hookrelay.delivery.port;

import io.hookrelay.delivery.tenant.Tenant;
import java.util.List;
import java.util.Optional;

/** Durable tenants. The tenant {@code default} is there from the first start and is never deleted. */
public interface TenantStore {

    /** @return false when a tenant with this id exists, or rows of a deleted one are left ({@link TenantPurgeStore}) */
    boolean create(Tenant tenant);

    /** Replaces its name and quotas. @return false when there is no such tenant */
    boolean update(Tenant tenant);

    /** @return false when there is no such tenant */
    boolean setSuspended(String id, boolean suspended);

    /** @return false when there is no such tenant; {@code default} is refused with an {@link IllegalArgumentException} */
    boolean delete(String id);

    Optional<Tenant> find(String id);

    /** Up to {@code limit} tenants with ids after {@code after} (empty for the first), by id. */
    List<Tenant> listAfter(String after, int limit);
}
