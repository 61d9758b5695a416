package io.hookrelay.storage.sqlite;

import io.hookrelay.delivery.port.SettingsStore;
import io.hookrelay.delivery.port.TargetAlerts;
import io.hookrelay.delivery.testing.OperatorEventsContract;
import io.hookrelay.delivery.testing.RelayStores;
import io.hookrelay.queue.testing.MutableClock;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/** Operator events told through real stores on a database file. */
class SqliteOperatorEventsContractTest extends OperatorEventsContract {

    @TempDir
    Path dataDir;

    private SqliteRelayDatabase database;

    @Override
    protected RelayStores openStores(MutableClock clock) {
        database = SqliteRelayDatabase.open(dataDir, clock);
        return SqliteRelayStores.on(database);
    }

    @Override
    protected TargetAlerts openedAlerts() {
        return database.targetAlerts();
    }

    @Override
    protected SettingsStore openedSettings() {
        return database.settingsStore();
    }
}
