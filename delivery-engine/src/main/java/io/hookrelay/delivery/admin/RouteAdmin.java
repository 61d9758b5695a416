package io.hookrelay.delivery.admin;

import io.hookrelay.delivery.Route;
import io.hookrelay.delivery.RouteStore;
import io.hookrelay.delivery.SourceStore;
import io.hookrelay.delivery.TargetStore;
import io.hookrelay.delivery.Ulids;
import java.util.List;

/** STUB. create: unknown source/target → NotFoundException. */
public final class RouteAdmin {
    public RouteAdmin(RouteStore routes, SourceStore sources, TargetStore targets, Ulids ulids) {
        throw new UnsupportedOperationException("stub");
    }

    public Route create(String sourceId, String targetId, List<String> eventTypes) {
        throw new UnsupportedOperationException("stub");
    }

    public List<Route> list() {
        throw new UnsupportedOperationException("stub");
    }

    public void delete(String id) {
        throw new UnsupportedOperationException("stub");
    }
}
