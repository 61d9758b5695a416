package io.hookrelay.it.forwarding;

import io.hookrelay.it.support.RelayServer;
import java.nio.file.Path;

/** Forwarded headers on the embedded SQLite default. */
class SqliteForwardedHeaderIT extends ForwardedHeaderScenarios {
    @Override
    RelayServer startServer(Path dataDir) {
        return RelayServer.start(dataDir);
    }
}
