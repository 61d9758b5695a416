package io.hookrelay.storage.postgres;

import io.hookrelay.delivery.port.SettingsStore;
import io.hookrelay.delivery.testing.SettingsStoreContract;
import io.hookrelay.storage.postgres.testing.PostgresTestDatabase;
import java.sql.SQLException;
import java.time.Clock;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The shared rules of every settings store, against a real PostgreSQL schema of its own per test. */
class PostgresSettingsStoreContractTest extends SettingsStoreContract {

    @RegisterExtension
    static final PostgresTestDatabase postgres = new PostgresTestDatabase();

    private RelayNode node;

    @Override
    protected SettingsStore openSettings() throws SQLException {
        node = new RelayNode(postgres.freshSchema(), Clock.systemUTC());
        return node.relay.settings();
    }

    @Override
    protected void closeSettings() {
        node.close();
    }
}
