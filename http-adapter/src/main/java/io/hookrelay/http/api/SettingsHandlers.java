package io.hookrelay.http.api;

import io.hookrelay.delivery.usecase.ManageSettings;
import io.hookrelay.http.ApiRequest;
import java.util.Objects;

/**
 * {@code /api/v1/settings}: the relay's run-time settings, read and replaced whole; an operator target must name a
 * target that exists.
 */
final class SettingsHandlers {
    private static final String SETTINGS = "/api/v1/settings";

    private final ManageSettings settings;

    SettingsHandlers(ManageSettings settings) {
        this.settings = Objects.requireNonNull(settings, "settings");
    }

    void addTo(ApiEndpoints api) {
        api.get(SETTINGS, this::get);
        api.put(SETTINGS, request -> Reply.ok(SettingsJson.of(settings.replace(request.tenant(), request.jsonBody(SettingsJson.class).settings()))));
    }

    private Reply get(ApiRequest request) {
        request.noBody();
        return Reply.ok(SettingsJson.of(settings.get(request.tenant())));
    }
}
