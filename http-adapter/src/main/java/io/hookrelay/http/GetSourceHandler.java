package io.hookrelay.http;

import io.hookrelay.delivery.ResourceIds;
import java.util.Objects;

/** {@code GET /api/v1/sources/{id}}. */
final class GetSourceHandler implements Endpoint {
    private final ApiOperations operations;

    GetSourceHandler(ApiOperations operations) {
        this.operations = Objects.requireNonNull(operations, "operations");
    }

    @Override
    public Reply handle(ApiRequest request) {
        String id = ResourceIds.require(request.pathParameter("id"), "source");
        return Reply.ok(SourceJson.of(operations.getSource(id)));
    }
}
