package io.hookrelay.delivery.usecase;

import io.hookrelay.delivery.model.Settings;
import io.hookrelay.delivery.model.TenantId;

/** The relay's run-time settings, as an operator reads and replaces them. */
public interface ManageSettings {

    Settings get(TenantId tenant);

    /** @throws io.hookrelay.delivery.error.InvalidRequestException when the operator target names no target; nothing changes */
    Settings replace(TenantId tenant, Settings replacement);
}
