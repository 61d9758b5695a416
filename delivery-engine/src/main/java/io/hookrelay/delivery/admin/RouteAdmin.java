package io.hookrelay.delivery.admin;

import io.hookrelay.delivery.error.ConflictException;
import io.hookrelay.delivery.error.NotFoundException;
import io.hookrelay.delivery.filter.PayloadFilter;
import io.hookrelay.delivery.model.Route;
import io.hookrelay.delivery.model.TenantId;
import io.hookrelay.delivery.model.Ulids;
import io.hookrelay.delivery.port.RouteStore;
import io.hookrelay.delivery.port.SourceStore;
import io.hookrelay.delivery.port.TargetStore;
import io.hookrelay.delivery.usecase.ManageRoutes;
import java.util.List;
import java.util.Objects;

/** Operators' management of routes. A route changes what later events fan out to, never past deliveries. */
public final class RouteAdmin implements ManageRoutes {
    private final RouteStore routes;
    private final SourceStore sources;
    private final TargetStore targets;
    private final Ulids ulids;

    public RouteAdmin(RouteStore routes, SourceStore sources, TargetStore targets, Ulids ulids) {
        this.routes = Objects.requireNonNull(routes, "routes");
        this.sources = Objects.requireNonNull(sources, "sources");
        this.targets = Objects.requireNonNull(targets, "targets");
        this.ulids = Objects.requireNonNull(ulids, "ulids");
    }

    /**
     * @throws io.hookrelay.delivery.error.InvalidRequestException when an id or filter is malformed
     * @throws NotFoundException when the source or the target does not exist
     * @throws ConflictException when a route with the same source, target and filters exists
     */
    public Route create(TenantId tenant, String sourceId, String targetId, List<String> eventTypes, List<PayloadFilter> filters) {
        Route route = new Route(ulids.next(Ulids.ROUTE), sourceId, targetId, eventTypes, filters);
        if (sources.find(tenant, sourceId).isEmpty()) {
            throw new NotFoundException("not_found", "no source " + sourceId);
        }
        if (targets.find(tenant, targetId).isEmpty()) {
            throw new NotFoundException("not_found", "no target " + targetId);
        }
        return switch (routes.create(tenant, route)) {
            case CREATED -> route;
            case NO_SOURCE_OR_TARGET ->
                    throw new NotFoundException("not_found", "source " + sourceId + " or target " + targetId + " was deleted meanwhile");
            case DUPLICATE -> throw new ConflictException("a route from " + sourceId + " to " + targetId
                    + (route.eventTypes().isEmpty() && route.filters().isEmpty() ? " for every event" : " with these event_types and filters")
                    + " already exists");
        };
    }

    public List<Route> list(TenantId tenant) {
        return routes.list(tenant);
    }

    /** @throws NotFoundException when there is no such route */
    public void delete(TenantId tenant, String id) {
        if (!routes.delete(tenant, id)) {
            throw new NotFoundException("not_found", "no route " + id);
        }
    }
}
