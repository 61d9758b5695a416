package io.hookrelay.storage.sqlite;

import io.hookrelay.delivery.testing.TenantStores;
import io.hookrelay.delivery.testing.TenantStoresContract;
import java.nio.file.Path;
import java.time.Clock;
import org.junit.jupiter.api.io.TempDir;

/** The shared rules of every tenant store, against a real database file. */
class SqliteTenantStoresContractTest extends TenantStoresContract {

    @TempDir
    Path dataDir;

    @Override
    protected TenantStores openStores() {
        SqliteRelayDatabase database = SqliteRelayDatabase.open(dataDir, Clock.systemUTC());
        return new TenantStores(database.tenantStore(), database.tenantKeyStore(), database.tenantUsageStore(), database.auditStore(),
                database::close);
    }
}
