package io.hookrelay.http;

import io.hookrelay.delivery.ResourceIds;
import java.util.Objects;

/** {@code DELETE /api/v1/sources/{id}} → {@code 204}; its routes go with it, its events stay. */
final class DeleteSourceHandler implements Endpoint {
    private final ApiOperations operations;

    DeleteSourceHandler(ApiOperations operations) {
        this.operations = Objects.requireNonNull(operations, "operations");
    }

    @Override
    public Reply handle(ApiRequest request) {
        operations.deleteSource(ResourceIds.require(request.pathParameter("id"), "source"));
        return Reply.noContent();
    }
}
