package io.hookrelay.delivery.port;

import io.hookrelay.delivery.model.Settings;
import io.hookrelay.delivery.model.TenantId;

/** Durable {@link Settings}; {@link Settings#NONE} until an operator writes any. */
public interface SettingsStore {

    Settings read(TenantId tenant);

    /** Replaces every setting with {@code settings}. */
    void write(TenantId tenant, Settings settings);
}
