package io.hookrelay.http;

import io.hookrelay.delivery.ResourceIds;
import java.util.Objects;

/** {@code POST /api/v1/targets/{id}/rotate-secret} → the target with its new secret, which no other answer shows. */
final class RotateSecretHandler implements Endpoint {
    private final ApiOperations operations;

    RotateSecretHandler(ApiOperations operations) {
        this.operations = Objects.requireNonNull(operations, "operations");
    }

    @Override
    public Reply handle(ApiRequest request) {
        String id = ResourceIds.require(request.pathParameter("id"), "target");
        RotateSecretRequest rotation = request.optionalJsonBody(RotateSecretRequest.class).orElse(RotateSecretRequest.DEFAULTS);
        return Reply.ok(TargetJson.withSecret(operations.rotateSecret(id, rotation.grace(), rotation.scheme())));
    }
}
