package io.hookrelay.http;

import java.util.Objects;

/** {@code GET /api/v1/settings} → the relay's run-time settings. */
final class GetSettingsHandler implements Endpoint {
    private final ApiOperations operations;

    GetSettingsHandler(ApiOperations operations) {
        this.operations = Objects.requireNonNull(operations, "operations");
    }

    @Override
    public Reply handle(ApiRequest request) {
        request.noBody();
        return Reply.ok(SettingsJson.of(operations.getSettings()));
    }
}
