package io.hookrelay.it.signatures;

import io.hookrelay.it.support.RelayServer;
import java.nio.file.Path;

/** Signatures on the embedded SQLite default. */
class SqliteSignatureIT extends SignatureScenarios {
    @Override
    RelayServer startServer(Path dataDir) {
        return RelayServer.start(dataDir);
    }
}
