package io.hookrelay.storage.sqlite;

import io.hookrelay.delivery.testing.RelayStores;
import io.hookrelay.delivery.testing.TenantPurgeStoreContract;
import io.hookrelay.queue.testing.MutableClock;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/** The shared rules of the purge of deleted tenants, against a real database file. */
class SqliteTenantPurgeStoreContractTest extends TenantPurgeStoreContract {

    @TempDir
    Path dataDir;

    @Override
    protected RelayStores openStores(MutableClock clock) {
        return SqliteRelayStores.open(dataDir, clock);
    }
}
