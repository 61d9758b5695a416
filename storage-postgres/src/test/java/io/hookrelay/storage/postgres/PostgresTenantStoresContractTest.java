package io.hookrelay.storage.postgres;

import io.hookrelay.delivery.testing.TenantStores;
import io.hookrelay.delivery.testing.TenantStoresContract;
import io.hookrelay.storage.postgres.testing.PostgresTestDatabase;
import java.sql.SQLException;
import java.time.Clock;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The shared rules of every tenant store, against a real PostgreSQL schema of its own per test. */
class PostgresTenantStoresContractTest extends TenantStoresContract {

    @RegisterExtension
    static final PostgresTestDatabase postgres = new PostgresTestDatabase();

    @Override
    protected TenantStores openStores() throws SQLException {
        RelayNode node = new RelayNode(postgres.freshSchema(), Clock.systemUTC());
        return new TenantStores(node.relay.tenants(), node.relay.tenantKeys(), node.relay.tenantUsage(), node.relay.audit(), node::close);
    }
}
