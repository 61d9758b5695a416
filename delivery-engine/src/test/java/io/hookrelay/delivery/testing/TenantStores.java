package io.hookrelay.delivery.testing;

import io.hookrelay.delivery.port.AuditStore;
import io.hookrelay.delivery.port.TenantKeyStore;
import io.hookrelay.delivery.port.TenantStore;
import java.util.Objects;

/**
 * The tenant ports, and the audit log that records their changes among others, on one new database, as a store adapter wires them: what {@link TenantStoresContract} runs against.
 *
 * @param closer releases the database behind the stores
 */
public record TenantStores(TenantStore tenants, TenantKeyStore keys, AuditStore audit, Runnable closer)
        implements AutoCloseable {
    public TenantStores {
        Objects.requireNonNull(tenants, "tenants");
        Objects.requireNonNull(keys, "keys");
        Objects.requireNonNull(audit, "audit");
        Objects.requireNonNull(closer, "closer");
    }

    @Override
    public void close() {
        closer.run();
    }
}
