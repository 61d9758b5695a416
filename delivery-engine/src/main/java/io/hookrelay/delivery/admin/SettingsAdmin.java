package io.hookrelay.delivery.admin;

import io.hookrelay.delivery.error.InvalidRequestException;
import io.hookrelay.delivery.model.Settings;
import io.hookrelay.delivery.model.TenantId;
import io.hookrelay.delivery.port.SettingsStore;
import io.hookrelay.delivery.port.TargetStore;
import io.hookrelay.delivery.usecase.ManageSettings;
import java.util.Objects;

/** Operators' reading and replacing of the relay's run-time {@link Settings}. */
public final class SettingsAdmin implements ManageSettings {
    private final SettingsStore settings;
    private final TargetStore targets;

    public SettingsAdmin(SettingsStore settings, TargetStore targets) {
        this.settings = Objects.requireNonNull(settings, "settings");
        this.targets = Objects.requireNonNull(targets, "targets");
    }

    public Settings get(TenantId tenant) {
        return settings.read(tenant);
    }

    /** @throws InvalidRequestException when the operator target names no target, and then nothing changes */
    public Settings replace(TenantId tenant, Settings replacement) {
        replacement.operatorTarget().ifPresent(id -> {
            if (targets.find(tenant, id).isEmpty()) {
                throw new InvalidRequestException("operator_target names no target: " + id);
            }
        });
        settings.write(tenant, replacement);
        return replacement;
    }
}
