package io.hookrelay.storage.postgres;

import io.hookrelay.delivery.testing.RelayStores;
import io.hookrelay.delivery.testing.TenantPurgeStoreContract;
import io.hookrelay.queue.testing.MutableClock;
import io.hookrelay.storage.postgres.testing.PostgresTestDatabase;
import java.sql.SQLException;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The shared rules of the purge of deleted tenants, against a real PostgreSQL schema of its own per test. */
class PostgresTenantPurgeStoreContractTest extends TenantPurgeStoreContract {

    @RegisterExtension
    static final PostgresTestDatabase postgres = new PostgresTestDatabase();

    @Override
    protected RelayStores openStores(MutableClock clock) throws SQLException {
        return new RelayNode(postgres.freshSchema(), clock).stores();
    }
}
