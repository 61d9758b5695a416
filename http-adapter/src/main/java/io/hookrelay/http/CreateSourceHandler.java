package io.hookrelay.http;

import java.util.Objects;

/** {@code POST /api/v1/sources} → {@code 201} with the source (never its secret). */
final class CreateSourceHandler implements Endpoint {
    private final ApiOperations operations;

    CreateSourceHandler(ApiOperations operations) {
        this.operations = Objects.requireNonNull(operations, "operations");
    }

    @Override
    public Reply handle(ApiRequest request) {
        SourceRequest source = request.jsonBody(SourceRequest.class);
        return Reply.created(SourceJson.of(operations.createSource(source.toSource())));
    }
}
