package io.hookrelay.it.tenants;

import io.hookrelay.it.support.RelayServer;
import io.hookrelay.storage.postgres.testing.PostgresTestDatabase;
import java.nio.file.Path;
import java.sql.SQLException;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Fair share and {@code max_in_flight} on PostgreSQL, each scenario on an empty schema. */
class PostgresFairShareIT extends FairShareScenarios {
    @RegisterExtension
    static final PostgresTestDatabase postgres = new PostgresTestDatabase();

    @Override
    RelayServer startWithDefaults(Path dataDir) throws SQLException {
        postgres.execute("DROP SCHEMA public CASCADE");
        postgres.execute("CREATE SCHEMA public");
        return RelayServer.startOnPostgresWithDefaults(dataDir, postgres.url());
    }
}
