package io.hookrelay.it.filters;

import io.hookrelay.it.support.RelayServer;
import io.hookrelay.storage.postgres.testing.PostgresTestDatabase;
import java.nio.file.Path;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Payload filters on PostgreSQL, each scenario on an empty schema. */
class PostgresPayloadFilterIT extends PayloadFilterScenarios {
    @RegisterExtension
    static final PostgresTestDatabase postgres = new PostgresTestDatabase();

    @Override
    RelayServer startServer(Path dataDir) throws Exception {
        return RelayServer.startOnEmptySchema(dataDir, postgres);
    }
}
