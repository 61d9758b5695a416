package io.hookrelay.http;

import io.hookrelay.delivery.ResourceIds;
import java.util.Objects;

/** {@code POST /api/v1/targets/{id}/resume} → the target; its waiting deliveries go out. */
final class ResumeTargetHandler implements Endpoint {
    private final ApiOperations operations;

    ResumeTargetHandler(ApiOperations operations) {
        this.operations = Objects.requireNonNull(operations, "operations");
    }

    @Override
    public Reply handle(ApiRequest request) {
        String id = ResourceIds.require(request.pathParameter("id"), "target");
        request.noBody();
        return Reply.ok(TargetJson.of(operations.resumeTarget(id)));
    }
}
