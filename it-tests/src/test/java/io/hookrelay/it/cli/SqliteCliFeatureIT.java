package io.hookrelay.it.cli;

import io.hookrelay.it.support.RelayServer;
import java.nio.file.Path;

/** The CLI's delivery features on the embedded SQLite default. */
class SqliteCliFeatureIT extends CliFeatureScenarios {
    @Override
    RelayServer startServer(Path dataDir) {
        return RelayServer.start(dataDir);
    }
}
