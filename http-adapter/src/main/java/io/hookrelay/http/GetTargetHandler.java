package io.hookrelay.http;

import io.hookrelay.delivery.ResourceIds;
import java.util.Objects;

/** {@code GET /api/v1/targets/{id}}. */
final class GetTargetHandler implements Endpoint {
    private final ApiOperations operations;

    GetTargetHandler(ApiOperations operations) {
        this.operations = Objects.requireNonNull(operations, "operations");
    }

    @Override
    public Reply handle(ApiRequest request) {
        String id = ResourceIds.require(request.pathParameter("id"), "target");
        return Reply.ok(TargetJson.of(operations.getTarget(id)));
    }
}
