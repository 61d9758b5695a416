package io.hookrelay.it.tenants;

import io.hookrelay.it.support.RelayServer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/** Tenants on SQLite, each scenario in a data directory of its own. */
class SqliteTenantIT extends TenantScenarios {

    @Override
    RelayServer startServer(Path dataDir) {
        return RelayServer.start(dataDir);
    }

    @Override
    RelayServer startServerRetaining(Path dataDir, Duration retention) {
        return RelayServer.startWith(dataDir, options -> options.withRetention(retention, retention));
    }

    @Override
    RelayServer restartServer(Path dataDir) {
        return RelayServer.start(dataDir);
    }

    /** The database file and its write-ahead log, byte for byte: a token in either would be there in plain text. */
    @Override
    String keysAtRest(Path dataDir) throws IOException {
        StringBuilder bytes = new StringBuilder();
        for (String file : new String[] {"hookrelay.db", "hookrelay.db-wal"}) {
            Path path = dataDir.resolve(file);
            if (Files.exists(path)) {
                bytes.append(new String(Files.readAllBytes(path), StandardCharsets.ISO_8859_1));
            }
        }
        return bytes.toString();
    }
}
