package io.hookrelay.delivery.usecase;

import io.hookrelay.delivery.filter.PayloadFilter;
import io.hookrelay.delivery.model.Route;
import io.hookrelay.delivery.model.TenantId;
import java.util.List;

/** The routes from sources to targets, as an operator keeps them; they decide where later events go, never past ones. */
public interface ManageRoutes {

    /**
     * A route for the events of {@code sourceId} of one of {@code eventTypes} (none: every type) whose body passes
     * every filter.
     *
     * @throws io.hookrelay.delivery.error.NotFoundException when the source or the target does not exist
     * @throws io.hookrelay.delivery.error.ConflictException when the same route exists
     */
    Route create(TenantId tenant, String sourceId, String targetId, List<String> eventTypes, List<PayloadFilter> filters);

    List<Route> list(TenantId tenant);

    /** @throws io.hookrelay.delivery.error.NotFoundException when there is no such route */
    void delete(TenantId tenant, String id);
}
