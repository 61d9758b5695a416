package io.hookrelay.storage.jdbi.tenant;

import io.hookrelay.delivery.port.TenantKeyStore;
import io.hookrelay.delivery.tenant.TenantKey;
import io.hookrelay.storage.jdbi.DaoRunner;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/** {@link TenantKeyStore} on either SQL database: a row per key, its tenant's deletion cascading to it. */
public final class JdbiTenantKeyStore implements TenantKeyStore {
    private final DaoRunner database;

    public JdbiTenantKeyStore(DaoRunner database) {
        this.database = Objects.requireNonNull(database, "database");
    }

    @Override
    public boolean create(TenantKey key, String tokenHash) {
        Objects.requireNonNull(tokenHash, "tokenHash");
        Long expiresAt = key.expiresAt().map(Instant::toEpochMilli).orElse(null);
        return database.writeStatement("create tenant key", daos -> daos.attach(TenantKeyDao.class).insert(key.id(), key.tenantId(),
                key.name(), key.scope().wireName(), tokenHash, key.createdAt().toEpochMilli(), expiresAt)) == 1;
    }

    @Override
    public List<TenantKey> list(String tenantId) {
        Objects.requireNonNull(tenantId, "tenantId");
        return database.read("list tenant keys", daos -> daos.attach(TenantKeyDao.class).list(tenantId));
    }

    @Override
    public boolean delete(String tenantId, String keyId) {
        Objects.requireNonNull(tenantId, "tenantId");
        Objects.requireNonNull(keyId, "keyId");
        return database.writeStatement("revoke tenant key", daos -> daos.attach(TenantKeyDao.class).delete(tenantId, keyId)) == 1;
    }

    @Override
    public Optional<Stored> findByTokenHash(String tokenHash) {
        Objects.requireNonNull(tokenHash, "tokenHash");
        return database.read("find tenant key", daos -> daos.attach(TenantKeyDao.class).findByTokenHash(tokenHash));
    }

    @Override
    public void recordUse(Map<String, Instant> lastUsedByKeyId) {
        if (lastUsedByKeyId.isEmpty()) {
            return;
        }
        List<String> ids = List.copyOf(lastUsedByKeyId.keySet());
        List<Long> times = ids.stream().map(id -> lastUsedByKeyId.get(id).toEpochMilli()).toList();
        database.write("record tenant key use", daos -> {
            daos.attach(TenantKeyDao.class).recordUse(ids, times);
            return null;
        });
    }
}
