package io.hookrelay.it.tenants;

import io.hookrelay.it.support.RelayServer;
import java.nio.file.Path;

/** Tenants on SQLite, each scenario in a data directory of its own. */
class SqliteTenantIT extends TenantScenarios {

    @Override
    RelayServer startServer(Path dataDir) {
        return RelayServer.start(dataDir);
    }

    @Override
    RelayServer restartServer(Path dataDir) {
        return RelayServer.start(dataDir);
    }
}
