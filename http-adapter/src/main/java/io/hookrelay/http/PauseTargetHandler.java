package io.hookrelay.http;

import io.hookrelay.delivery.ResourceIds;
import java.util.Objects;

/** {@code POST /api/v1/targets/{id}/pause} → the target; its deliveries wait, pending, until a resume. */
final class PauseTargetHandler implements Endpoint {
    private final ApiOperations operations;

    PauseTargetHandler(ApiOperations operations) {
        this.operations = Objects.requireNonNull(operations, "operations");
    }

    @Override
    public Reply handle(ApiRequest request) {
        String id = ResourceIds.require(request.pathParameter("id"), "target");
        request.noBody();
        return Reply.ok(TargetJson.of(operations.pauseTarget(id)));
    }
}
