package io.hookrelay.http;

import io.hookrelay.delivery.ResourceIds;
import java.util.Objects;

/** {@code DELETE /api/v1/targets/{id}} → {@code 204}; its routes go, its open deliveries are cancelled. */
final class DeleteTargetHandler implements Endpoint {
    private final ApiOperations operations;

    DeleteTargetHandler(ApiOperations operations) {
        this.operations = Objects.requireNonNull(operations, "operations");
    }

    @Override
    public Reply handle(ApiRequest request) {
        operations.deleteTarget(ResourceIds.require(request.pathParameter("id"), "target"));
        return Reply.noContent();
    }
}
