package io.hookrelay.http;

import java.util.Objects;

/** {@code GET /api/v1/sources} → every source, by id. */
final class ListSourcesHandler implements Endpoint {
    private final ApiOperations operations;

    ListSourcesHandler(ApiOperations operations) {
        this.operations = Objects.requireNonNull(operations, "operations");
    }

    @Override
    public Reply handle(ApiRequest request) {
        return Reply.ok(DataJson.of(operations.listSources(), SourceJson::of));
    }
}
