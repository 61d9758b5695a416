package io.hookrelay.http;

import io.hookrelay.delivery.Ulids;
import java.util.Objects;

/** {@code DELETE /api/v1/routes/{id}} → {@code 204}. */
final class DeleteRouteHandler implements Endpoint {
    private final ApiOperations operations;

    DeleteRouteHandler(ApiOperations operations) {
        this.operations = Objects.requireNonNull(operations, "operations");
    }

    @Override
    public Reply handle(ApiRequest request) {
        operations.deleteRoute(Fields.ulid(request.pathParameter("id"), Ulids.ROUTE, "route"));
        return Reply.noContent();
    }
}
