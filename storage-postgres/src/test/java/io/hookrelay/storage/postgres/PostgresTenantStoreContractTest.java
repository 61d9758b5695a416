package io.hookrelay.storage.postgres;

import io.hookrelay.delivery.port.TenantStore;
import io.hookrelay.delivery.testing.TenantStoreContract;
import io.hookrelay.storage.postgres.testing.PostgresTestDatabase;
import java.sql.SQLException;
import java.time.Clock;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The shared rules of every tenant store, against a real PostgreSQL schema of its own per test. */
class PostgresTenantStoreContractTest extends TenantStoreContract {

    @RegisterExtension
    static final PostgresTestDatabase postgres = new PostgresTestDatabase();

    private RelayNode node;

    @Override
    protected TenantStore openTenants() throws SQLException {
        node = new RelayNode(postgres.freshSchema(), Clock.systemUTC());
        return node.relay.tenants();
    }

    @Override
    protected void closeTenants() {
        node.close();
    }
}
