package io.hookrelay.http;

import io.hookrelay.delivery.Settings;
import java.util.Optional;

/** {@code PUT /api/v1/settings}: every setting at once; one left out or null is cleared. */
record SettingsRequest(String operatorTarget) {

    Settings settings() {
        return new Settings(Optional.ofNullable(operatorTarget));
    }
}
