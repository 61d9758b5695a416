package io.hookrelay.http;

import io.hookrelay.delivery.ResourceIds;
import java.util.Objects;

/** {@code PUT /api/v1/sources/{id}}: the full source, replacing every setting (a left-out one takes its default). */
final class ReplaceSourceHandler implements Endpoint {
    private final ApiOperations operations;

    ReplaceSourceHandler(ApiOperations operations) {
        this.operations = Objects.requireNonNull(operations, "operations");
    }

    @Override
    public Reply handle(ApiRequest request) {
        String id = ResourceIds.require(request.pathParameter("id"), "source");
        SourceRequest source = request.jsonBody(SourceRequest.class);
        return Reply.ok(SourceJson.of(operations.replaceSource(source.toReplacement(id))));
    }
}
