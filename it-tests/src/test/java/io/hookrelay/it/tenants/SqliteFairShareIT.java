package io.hookrelay.it.tenants;

import io.hookrelay.it.support.RelayServer;
import java.nio.file.Path;

/** Fair share and {@code max_in_flight} on SQLite. */
class SqliteFairShareIT extends FairShareScenarios {

    @Override
    RelayServer startWithDefaults(Path dataDir) {
        return RelayServer.startWithDefaults(dataDir);
    }
}
