package io.hookrelay.http;

import java.util.Objects;

/** {@code GET /api/v1/targets} → every target, by id, without secrets. */
final class ListTargetsHandler implements Endpoint {
    private final ApiOperations operations;

    ListTargetsHandler(ApiOperations operations) {
        this.operations = Objects.requireNonNull(operations, "operations");
    }

    @Override
    public Reply handle(ApiRequest request) {
        return Reply.ok(DataJson.of(operations.listTargets(), TargetJson::of));
    }
}
