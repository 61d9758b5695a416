package io.hookrelay.http;

import java.util.Objects;

/** {@code PUT /api/v1/settings} → the settings as replaced; an operator target must name a target that exists. */
final class ReplaceSettingsHandler implements Endpoint {
    private final ApiOperations operations;

    ReplaceSettingsHandler(ApiOperations operations) {
        this.operations = Objects.requireNonNull(operations, "operations");
    }

    @Override
    public Reply handle(ApiRequest request) {
        SettingsRequest replacement = request.jsonBody(SettingsRequest.class);
        return Reply.ok(SettingsJson.of(operations.replaceSettings(replacement.settings())));
    }
}
