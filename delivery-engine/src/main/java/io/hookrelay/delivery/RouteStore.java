package io.hookrelay.delivery;

import java.util.List;

/** Durable routes. */
public interface RouteStore {

    /**
     * Stores a route. The source and target are checked in the same transaction, so a route never points at
     * something deleted meanwhile. @return false when either does not exist
     */
    boolean create(Route route);

    /** @return false when there is no such route */
    boolean delete(String id);

    /** Every route, oldest first. */
    List<Route> list();

    /** A source's routes, oldest first. */
    List<Route> forSource(String sourceId);
}
