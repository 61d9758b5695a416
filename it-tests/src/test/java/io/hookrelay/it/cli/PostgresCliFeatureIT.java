package io.hookrelay.it.cli;

import io.hookrelay.it.support.RelayServer;
import io.hookrelay.storage.postgres.testing.PostgresTestDatabase;
import java.nio.file.Path;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The CLI's delivery features on PostgreSQL, each scenario on an empty schema. */
class PostgresCliFeatureIT extends CliFeatureScenarios {
    @RegisterExtension
    static final PostgresTestDatabase postgres = new PostgresTestDatabase();

    @Override
    RelayServer startServer(Path dataDir) throws Exception {
        return RelayServer.startOnEmptySchema(dataDir, postgres);
    }
}
