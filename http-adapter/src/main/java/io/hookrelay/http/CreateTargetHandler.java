package io.hookrelay.http;

import java.util.Objects;

/** {@code POST /api/v1/targets} → {@code 201} with the target and, this once, its signing secret. */
final class CreateTargetHandler implements Endpoint {
    private final ApiOperations operations;

    CreateTargetHandler(ApiOperations operations) {
        this.operations = Objects.requireNonNull(operations, "operations");
    }

    @Override
    public Reply handle(ApiRequest request) {
        TargetRequest target = request.jsonBody(TargetRequest.class);
        return Reply.created(TargetJson.created(operations.createTarget(target.toDraft())));
    }
}
