package io.hookrelay.it.console;

import io.hookrelay.it.stress.TimingSensitive;
import io.hookrelay.it.support.RelayServer;
import io.hookrelay.storage.postgres.testing.PostgresTestDatabase;
import java.nio.file.Path;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The console's scenarios on PostgreSQL. Each starts on an empty schema: the one before it has stopped its server,
 * so nothing holds the tables it drops.
 */
@TimingSensitive
class PostgresConsoleIT extends ConsoleScenarios {
    @RegisterExtension
    static final PostgresTestDatabase postgres = new PostgresTestDatabase();

    @Override
    RelayServer startServer(Path dataDir) throws Exception {
        return RelayServer.startOnEmptySchema(dataDir, postgres);
    }

    @Override
    String backend() {
        return "postgres";
    }
}
