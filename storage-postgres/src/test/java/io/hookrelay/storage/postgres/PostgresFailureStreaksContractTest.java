package io.hookrelay.storage.postgres;

import io.hookrelay.delivery.port.FailureStreaks;
import io.hookrelay.delivery.testing.FailureStreaksContract;
import io.hookrelay.storage.postgres.testing.PostgresTestDatabase;
import java.sql.SQLException;
import java.time.Clock;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The shared rules of every adapter's failure streaks, against a real PostgreSQL schema of its own per test. */
class PostgresFailureStreaksContractTest extends FailureStreaksContract {

    @RegisterExtension
    static final PostgresTestDatabase postgres = new PostgresTestDatabase();

    private RelayNode node;

    @Override
    protected FailureStreaks openStreaks() throws SQLException {
        node = new RelayNode(postgres.freshSchema(), Clock.systemUTC());
        return node.relay.failureStreaks();
    }

    @AfterEach
    void closeNode() {
        node.close();
    }
}
