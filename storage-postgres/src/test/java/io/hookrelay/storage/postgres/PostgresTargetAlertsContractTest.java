package io.hookrelay.storage.postgres;

import io.hookrelay.delivery.port.TargetAlerts;
import io.hookrelay.delivery.testing.TargetAlertsContract;
import io.hookrelay.storage.postgres.testing.PostgresTestDatabase;
import java.sql.SQLException;
import java.time.Clock;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The shared rules of every adapter's target alerts, against a real PostgreSQL schema of its own per test. */
class PostgresTargetAlertsContractTest extends TargetAlertsContract {

    @RegisterExtension
    static final PostgresTestDatabase postgres = new PostgresTestDatabase();

    private RelayNode node;

    @Override
    protected TargetAlerts openAlerts() throws SQLException {
        node = new RelayNode(postgres.freshSchema(), Clock.systemUTC());
        return node.relay.targetAlerts();
    }

    @Override
    protected void closeAlerts() {
        node.close();
    }
}
