package io.hookrelay.delivery.port;

import io.hookrelay.delivery.model.Route;
import io.hookrelay.delivery.model.TenantId;
import java.util.List;

/** Durable routes. */
public interface RouteStore {

    /** What became of a route to be stored. */
    enum Creation {
        CREATED,
        /** The source or the target does not exist. */
        NO_SOURCE_OR_TARGET,
        /** A route with the same source, target and filters exists: a second would only be noise. */
        DUPLICATE
    }

    /**
     * Stores a route. The source and target, and routes like it, are checked in the same transaction, so a
     * route never points at something deleted meanwhile and concurrent creates of one route store it once.
     */
    Creation create(TenantId tenant, Route route);

    /** @return false when there is no such route */
    boolean delete(TenantId tenant, String id);

    /** Every route of the tenant, oldest first. */
    List<Route> list(TenantId tenant);

    /** A source's routes, oldest first. */
    List<Route> forSource(TenantId tenant, String sourceId);
}
