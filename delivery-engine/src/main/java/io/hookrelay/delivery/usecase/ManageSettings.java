package io.hookrelay.delivery.usecase;

import io.hookrelay.delivery.model.Settings;

/** The relay's run-time settings, as an operator reads and replaces them. */
public interface ManageSettings {

    Settings get();

    /** @throws io.hookrelay.delivery.error.InvalidRequestException when the operator target names no target; nothing changes */
    Settings replace(Settings replacement);
}
