package io.hookrelay.it.tenants;

import io.hookrelay.it.support.RelayServer;
import io.hookrelay.storage.postgres.testing.PostgresTestDatabase;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Tenants on PostgreSQL, each scenario on an empty schema. */
class PostgresTenantIT extends TenantScenarios {
    @RegisterExtension
    static final PostgresTestDatabase postgres = new PostgresTestDatabase();

    @Override
    RelayServer startServer(Path dataDir) throws Exception {
        return RelayServer.startOnEmptySchema(dataDir, postgres);
    }

    @Override
    RelayServer startServerRetaining(Path dataDir, Duration retention) throws Exception {
        return RelayServer.startOnEmptySchema(dataDir, postgres, options -> options.withRetention(retention, retention));
    }

    @Override
    RelayServer restartServer(Path dataDir) {
        return RelayServer.startOnPostgres(dataDir, postgres.url());
    }

    @Override
    String keysAtRest(Path dataDir) throws SQLException {
        return String.join("\n", postgres.rowsAsText("SELECT * FROM tenant_keys"));
    }
}
