package io.hookrelay.delivery.port;

import io.hookrelay.delivery.tenant.TenantKey;
import java.util.List;

/** Durable tenant keys, each kept with its token's hash only; a tenant's deletion takes its keys along. */
public interface TenantKeyStore {

    /** @return false when the key's tenant does not exist */
    boolean create(TenantKey key, String tokenHash);

    /** The tenant's keys, oldest first. */
    List<TenantKey> list(String tenantId);

    /** @return false when the tenant has no such key */
    boolean delete(String tenantId, String keyId);
}
