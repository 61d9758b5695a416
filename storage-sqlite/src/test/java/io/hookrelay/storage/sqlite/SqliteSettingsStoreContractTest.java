package io.hookrelay.storage.sqlite;

import io.hookrelay.delivery.port.SettingsStore;
import io.hookrelay.delivery.testing.SettingsStoreContract;
import java.nio.file.Path;
import java.time.Clock;
import org.junit.jupiter.api.io.TempDir;

/** The shared rules of every settings store, against a real database file. */
class SqliteSettingsStoreContractTest extends SettingsStoreContract {

    @TempDir
    Path dataDir;

    private SqliteRelayDatabase database;

    @Override
    protected SettingsStore openSettings() {
        database = SqliteRelayDatabase.open(dataDir, Clock.systemUTC());
        return database.settingsStore();
    }

    @Override
    protected void closeSettings() {
        database.close();
    }
}
