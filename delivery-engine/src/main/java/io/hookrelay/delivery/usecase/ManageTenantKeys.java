package io.hookrelay.delivery.usecase;

import io.hookrelay.delivery.tenant.KeyScope;
import io.hookrelay.delivery.tenant.TenantKey;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** The keys of a tenant, as the operator issues and revokes them (DESIGN §12). */
public interface ManageTenantKeys {

    /** A new key and its token, which is shown this once and never stored. */
    record IssuedKey(TenantKey key, String token) {
        @Override
        public String toString() {
            return "IssuedKey[key=" + key + ", token=(hidden)]";
        }
    }

    /**
     * @throws io.hookrelay.delivery.error.NotFoundException when there is no such tenant
     * @throws io.hookrelay.delivery.error.InvalidRequestException when {@code expiresAt} is not in the future
     */
    IssuedKey issue(String tenantId, String name, KeyScope scope, Optional<Instant> expiresAt);

    /** @throws io.hookrelay.delivery.error.NotFoundException when there is no such tenant */
    List<TenantKey> list(String tenantId);

    /** @throws io.hookrelay.delivery.error.NotFoundException when the tenant has no such key */
    void revoke(String tenantId, String keyId);
}
