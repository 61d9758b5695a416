package io.hookrelay.http.api;

import io.hookrelay.delivery.model.Ulids;
import io.hookrelay.delivery.usecase.ManageRoutes;
import io.hookrelay.http.ApiRequest;
import java.util.Objects;

/** {@code /api/v1/routes}: which events of a source go to which target. */
final class RouteHandlers {
    private static final String ROUTES = "/api/v1/routes";

    private final ManageRoutes routes;

    RouteHandlers(ManageRoutes routes) {
        this.routes = Objects.requireNonNull(routes, "routes");
    }

    void addTo(ApiEndpoints api) {
        api.post(ROUTES, this::create);
        api.get(ROUTES, request -> Reply.ok(DataJson.of(routes.list(request.tenant()), RouteJson::of)));
        api.delete(ROUTES + "/{id}", RouteHandlers::id, routes::delete);
    }

    /** {@code 201} with the route and its generated id. */
    private Reply create(ApiRequest request) {
        RouteRequest route = request.jsonBody(RouteRequest.class);
        return Reply.created(RouteJson.of(routes.create(request.tenant(), route.sourceId(), route.targetId(), route.typeFilters(), route.payloadFilters())));
    }

    private static String id(ApiRequest request) {
        return Fields.ulid(request.pathParameter("id"), Ulids.ROUTE, "route");
    }
}
