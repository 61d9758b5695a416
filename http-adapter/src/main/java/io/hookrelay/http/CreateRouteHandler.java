package io.hookrelay.http;

import java.util.Objects;

/** {@code POST /api/v1/routes} → {@code 201} with the route and its generated id. */
final class CreateRouteHandler implements Endpoint {
    private final ApiOperations operations;

    CreateRouteHandler(ApiOperations operations) {
        this.operations = Objects.requireNonNull(operations, "operations");
    }

    @Override
    public Reply handle(ApiRequest request) {
        RouteRequest route = request.jsonBody(RouteRequest.class);
        return Reply.created(RouteJson.of(operations.createRoute(route.sourceId(), route.targetId(), route.typeFilters(),
                route.payloadFilters())));
    }
}
