package io.hookrelay.storage.postgres;

import io.hookrelay.delivery.port.SettingsStore;
import io.hookrelay.delivery.port.TargetAlerts;
import io.hookrelay.delivery.testing.OperatorEventsContract;
import io.hookrelay.delivery.testing.RelayStores;
import io.hookrelay.queue.testing.MutableClock;
import io.hookrelay.storage.postgres.testing.PostgresTestDatabase;
import java.sql.SQLException;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Operator events told through real stores on a PostgreSQL schema of their own per test. */
class PostgresOperatorEventsContractTest extends OperatorEventsContract {

    @RegisterExtension
    static final PostgresTestDatabase postgres = new PostgresTestDatabase();

    private RelayNode node;

    @Override
    protected RelayStores openStores(MutableClock clock) throws SQLException {
        node = new RelayNode(postgres.freshSchema(), clock);
        return node.stores();
    }

    @Override
    protected TargetAlerts openedAlerts() {
        return node.relay.targetAlerts();
    }

    @Override
    protected SettingsStore openedSettings() {
        return node.relay.settings();
    }
}
