package io.hookrelay.http.console;

import io.hookrelay.delivery.model.Ulids;
import io.hookrelay.delivery.port.TenantKeyStore;
import io.hookrelay.delivery.port.TenantStore;
import io.hookrelay.delivery.tenant.KeyScope;
import io.hookrelay.delivery.tenant.KeyTokens;
import io.hookrelay.delivery.tenant.Tenant;
import io.hookrelay.delivery.tenant.TenantKey;
import io.hookrelay.delivery.tenant.TenantQuotas;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Tenants and their keys in memory, as far as {@link io.hookrelay.delivery.admin.KeySignIn} reads them: so that a test
 * signs keys in as the server does, with its cache, and revokes, expires or suspends them under it.
 */
final class StoredKeys implements TenantKeyStore, TenantStore {
    private final Map<String, Stored> byTokenHash = new ConcurrentHashMap<>();
    private final Map<String, Tenant> tenants = new ConcurrentHashMap<>();

    /** @return the token of a new key of {@code tenantId}, which exists from now on */
    String issue(String tenantId, KeyScope scope, Instant at) {
        tenants.putIfAbsent(tenantId, new Tenant(tenantId, tenantId, TenantQuotas.NONE, false, at));
        String token = "hrk_" + scope + "_" + byTokenHash.size();
        TenantKey key = new TenantKey(Ulids.lowestAt(Ulids.KEY, at.plusMillis(byTokenHash.size())), tenantId, "console", scope, at,
                Optional.empty(), Optional.empty());
        byTokenHash.put(KeyTokens.hash(token), new Stored(key, KeyTokens.hash(token)));
        return token;
    }

    String idOf(String token) {
        return byTokenHash.get(KeyTokens.hash(token)).key().id();
    }

    void revoke(String token) {
        byTokenHash.remove(KeyTokens.hash(token));
    }

    @Override
    public Optional<Stored> findByTokenHash(String tokenHash) {
        return Optional.ofNullable(byTokenHash.get(tokenHash));
    }

    @Override
    public void recordUse(Map<String, Instant> lastUsedByKeyId) {
    }

    @Override
    public Optional<Tenant> find(String id) {
        return Optional.ofNullable(tenants.get(id));
    }

    @Override
    public boolean setSuspended(String id, boolean suspended) {
        return tenants.computeIfPresent(id, (ignored, tenant) ->
                new Tenant(tenant.id(), tenant.name(), tenant.quotas(), suspended, tenant.createdAt())) != null;
    }

    @Override
    public boolean create(TenantKey key, String tokenHash) {
        throw new UnsupportedOperationException();
    }

    @Override
    public List<TenantKey> list(String tenantId) {
        throw new UnsupportedOperationException();
    }

    @Override
    public boolean delete(String tenantId, String keyId) {
        throw new UnsupportedOperationException();
    }

    @Override
    public boolean create(Tenant tenant) {
        throw new UnsupportedOperationException();
    }

    @Override
    public boolean update(Tenant tenant) {
        throw new UnsupportedOperationException();
    }

    @Override
    public boolean delete(String id) {
        return tenants.remove(id) != null;
    }

    @Override
    public List<Tenant> listAfter(String after, int limit) {
        throw new UnsupportedOperationException();
    }
}
