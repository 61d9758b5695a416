package io.hookrelay.delivery.port;

import io.hookrelay.delivery.tenant.TenantKey;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/** Durable tenant keys, each kept with its token's hash only; a tenant's deletion takes its keys along. */
public interface TenantKeyStore {

    /** @return false when the key's tenant does not exist */
    boolean create(TenantKey key, String tokenHash);

    /** The tenant's keys, oldest first. */
    List<TenantKey> list(String tenantId);

    /** @return false when the tenant has no such key */
    boolean delete(String tenantId, String keyId);

    /** A key as it is stored, with the hash of its token. */
    record Stored(TenantKey key, String tokenHash) {
        public Stored {
            Objects.requireNonNull(key, "key");
            Objects.requireNonNull(tokenHash, "tokenHash");
        }
    }

    /** The key whose token hashes to {@code tokenHash}, if one does. */
    Optional<Stored> findByTokenHash(String tokenHash);

    /** Records when keys were last used, each no earlier than it already records; keys gone meanwhile are skipped. */
    void recordUse(Map<String, Instant> lastUsedByKeyId);
}
