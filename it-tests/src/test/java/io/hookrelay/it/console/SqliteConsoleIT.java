package io.hookrelay.it.console;

import io.hookrelay.it.stress.TimingSensitive;
import io.hookrelay.it.support.RelayServer;
import java.nio.file.Path;

/** The console's scenarios on the embedded default, SQLite in the data directory. */
@TimingSensitive
class SqliteConsoleIT extends ConsoleScenarios {
    @Override
    RelayServer startServer(Path dataDir) {
        return RelayServer.start(dataDir);
    }

    @Override
    String backend() {
        return "sqlite";
    }
}
