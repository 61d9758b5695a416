package io.hookrelay.delivery.tenant;

import io.hookrelay.delivery.model.TenantId;
import java.util.Objects;

/** What a tenant key that signed in lets its holder do: act in its tenant, reading only when its scope is {@code read}. */
public record KeyGrant(TenantId tenant, String keyId, KeyScope scope) {
    public KeyGrant {
        Objects.requireNonNull(tenant, "tenant");
        Objects.requireNonNull(keyId, "keyId");
        Objects.requireNonNull(scope, "scope");
    }
}
