package io.hookrelay.http;

import io.hookrelay.delivery.Settings;

/** The relay's run-time settings; {@code operator_target} is null when operator events are only stored. */
record SettingsJson(String operatorTarget) {

    static SettingsJson of(Settings settings) {
        return new SettingsJson(settings.operatorTarget().orElse(null));
    }
}
