package io.hookrelay.http.api;

import io.hookrelay.delivery.model.Settings;
import java.util.Optional;

/**
 * The relay's run-time settings, read and written whole: {@code operator_target} is null when operator events are only
 * stored, and one a replace leaves out or sends null is cleared.
 */
record SettingsJson(String operatorTarget) {

    static SettingsJson of(Settings settings) {
        return new SettingsJson(settings.operatorTarget().orElse(null));
    }

    Settings settings() {
        return new Settings(Optional.ofNullable(operatorTarget));
    }
}
