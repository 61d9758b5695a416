package io.hookrelay.delivery.testing;

import io.hookrelay.delivery.port.AuditStore;
import io.hookrelay.delivery.port.TenantKeyStore;
import io.hookrelay.delivery.port.TenantStore;
import io.hookrelay.delivery.port.TenantUsageStore;
import java.util.Objects;

/**
 * The tenant ports (tenants, their keys and their usage), and the audit log that records their changes among others, on one new database, as a store adapter wires them: what {@link TenantStoresContract} runs against.
 *
 * @param closer releases the database behind the stores
 */
public record TenantStores(TenantStore tenants, TenantKeyStore keys, TenantUsageStore usage, AuditStore audit, Runnable closer)
        implements AutoCloseable {
    public TenantStores {
        Objects.requireNonNull(tenants, "tenants");
        Objects.requireNonNull(keys, "keys");
        Objects.requireNonNull(usage, "usage");
        Objects.requireNonNull(audit, "audit");
        Objects.requireNonNull(closer, "closer");
    }

    @Override
    public void close() {
        closer.run();
    }
}
