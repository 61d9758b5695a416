package io.hookrelay.storage.sqlite;

import io.hookrelay.delivery.port.TenantStore;
import io.hookrelay.delivery.testing.TenantStoreContract;
import java.nio.file.Path;
import java.time.Clock;
import org.junit.jupiter.api.io.TempDir;

/** The shared rules of every tenant store, against a real database file. */
class SqliteTenantStoreContractTest extends TenantStoreContract {

    @TempDir
    Path dataDir;

    private SqliteRelayDatabase database;

    @Override
    protected TenantStore openTenants() {
        database = SqliteRelayDatabase.open(dataDir, Clock.systemUTC());
        return database.tenantStore();
    }

    @Override
    protected void closeTenants() {
        database.close();
    }
}
