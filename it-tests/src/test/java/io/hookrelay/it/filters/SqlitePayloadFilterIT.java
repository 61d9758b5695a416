package io.hookrelay.it.filters;

import io.hookrelay.it.support.RelayServer;
import java.nio.file.Path;

/** Payload filters on the embedded SQLite default. */
class SqlitePayloadFilterIT extends PayloadFilterScenarios {
    @Override
    RelayServer startServer(Path dataDir) {
        return RelayServer.start(dataDir);
    }
}
