package io.hookrelay.delivery.port;

import io.hookrelay.delivery.model.Settings;

/** Durable {@link Settings}; {@link Settings#NONE} until an operator writes any. */
public interface SettingsStore {

    Settings read();

    /** Replaces every setting with {@code settings}. */
    void write(Settings settings);
}
