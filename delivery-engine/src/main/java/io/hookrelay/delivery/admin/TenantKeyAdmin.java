package io.hookrelay.delivery.admin;

import io.hookrelay.delivery.error.InvalidRequestException;
import io.hookrelay.delivery.error.NotFoundException;
import io.hookrelay.delivery.model.Ulids;
import io.hookrelay.delivery.port.TenantKeyStore;
import io.hookrelay.delivery.port.TenantStore;
import io.hookrelay.delivery.tenant.KeyScope;
import io.hookrelay.delivery.tenant.KeyTokens;
import io.hookrelay.delivery.tenant.TenantKey;
import io.hookrelay.delivery.usecase.ManageTenantKeys;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/** The operator's issuing and revoking of tenant keys; a token leaves here once, in the answer to its issue. */
public final class TenantKeyAdmin implements ManageTenantKeys {
    private final TenantKeyStore keys;
    private final TenantStore tenants;
    private final KeyTokens tokens;
    private final Ulids ulids;
    private final Clock clock;

    public TenantKeyAdmin(TenantKeyStore keys, TenantStore tenants, KeyTokens tokens, Ulids ulids, Clock clock) {
        this.keys = Objects.requireNonNull(keys, "keys");
        this.tenants = Objects.requireNonNull(tenants, "tenants");
        this.tokens = Objects.requireNonNull(tokens, "tokens");
        this.ulids = Objects.requireNonNull(ulids, "ulids");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    @Override
    public IssuedKey issue(String tenantId, String name, KeyScope scope, Optional<Instant> expiresAt) {
        Instant now = clock.instant();
        if (expiresAt.isPresent() && !expiresAt.get().isAfter(now)) {
            throw new InvalidRequestException("expires_at must be in the future");
        }
        TenantKey key = new TenantKey(ulids.next(Ulids.KEY, now), tenantId, name, scope, now, expiresAt, Optional.empty());
        String token = tokens.generate();
        if (!keys.create(key, KeyTokens.hash(token))) {
            throw noTenant(tenantId);
        }
        return new IssuedKey(key, token);
    }

    @Override
    public List<TenantKey> list(String tenantId) {
        if (tenants.find(tenantId).isEmpty()) {
            throw noTenant(tenantId);
        }
        return keys.list(tenantId);
    }

    @Override
    public void revoke(String tenantId, String keyId) {
        if (!keys.delete(tenantId, keyId)) {
            throw new NotFoundException("tenant " + tenantId + " has no key " + keyId);
        }
    }

    private static NotFoundException noTenant(String tenantId) {
        return new NotFoundException("no tenant " + tenantId);
    }
}
