package io.hookrelay.it.idempotency;

import io.hookrelay.it.support.RelayServer;
import java.nio.file.Path;

/** Idempotency keys from the body on the embedded SQLite default. */
class SqliteBodyIdempotencyIT extends BodyIdempotencyScenarios {
    @Override
    RelayServer startServer(Path dataDir) {
        return RelayServer.start(dataDir);
    }
}
