package io.hookrelay.storage.sqlite;

import io.hookrelay.delivery.port.TargetAlerts;
import io.hookrelay.delivery.testing.TargetAlertsContract;
import java.nio.file.Path;
import java.time.Clock;
import org.junit.jupiter.api.io.TempDir;

/** The shared rules of every adapter's target alerts, against a real database file. */
class SqliteTargetAlertsContractTest extends TargetAlertsContract {

    @TempDir
    Path dataDir;

    private SqliteRelayDatabase database;

    @Override
    protected TargetAlerts openAlerts() {
        database = SqliteRelayDatabase.open(dataDir, Clock.systemUTC());
        return database.targetAlerts();
    }

    @Override
    protected void closeAlerts() {
        database.close();
    }
}
