package io.hookrelay.http;

import io.hookrelay.delivery.ResourceIds;
import java.util.Objects;

/**
 * {@code PUT /api/v1/targets/{id}}: the full settings; a {@code secret} in the body rotates the signing
 * secret, which, like every answer but create's, is not shown.
 */
final class ReplaceTargetHandler implements Endpoint {
    private final ApiOperations operations;

    ReplaceTargetHandler(ApiOperations operations) {
        this.operations = Objects.requireNonNull(operations, "operations");
    }

    @Override
    public Reply handle(ApiRequest request) {
        String id = ResourceIds.require(request.pathParameter("id"), "target");
        TargetRequest target = request.jsonBody(TargetRequest.class);
        return Reply.ok(TargetJson.of(operations.replaceTarget(target.toReplacement(id))));
    }
}
