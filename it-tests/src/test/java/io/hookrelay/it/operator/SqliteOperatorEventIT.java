package io.hookrelay.it.operator;

import io.hookrelay.it.support.RelayServer;
import java.nio.file.Path;

/** Operator events on the embedded SQLite default. */
class SqliteOperatorEventIT extends OperatorEventScenarios {
    @Override
    RelayServer startServer(Path dataDir) {
        return RelayServer.start(dataDir);
    }
}
