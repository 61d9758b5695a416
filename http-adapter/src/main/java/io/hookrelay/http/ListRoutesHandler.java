package io.hookrelay.http;

import java.util.Objects;

/** {@code GET /api/v1/routes} → every route, oldest first. */
final class ListRoutesHandler implements Endpoint {
    private final ApiOperations operations;

    ListRoutesHandler(ApiOperations operations) {
        this.operations = Objects.requireNonNull(operations, "operations");
    }

    @Override
    public Reply handle(ApiRequest request) {
        return Reply.ok(DataJson.of(operations.listRoutes(), RouteJson::of));
    }
}
