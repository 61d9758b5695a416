package io.hookrelay.storage.postgres;

import io.hookrelay.delivery.port.RateLimits;
import io.hookrelay.delivery.testing.RateLimitsContract;
import io.hookrelay.queue.testing.MutableClock;
import io.hookrelay.storage.postgres.testing.PostgresTestDatabase;
import java.sql.SQLException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The shared rules of every adapter's rate limits, against a real PostgreSQL schema of its own per test. */
class PostgresRateLimitsContractTest extends RateLimitsContract {

    @RegisterExtension
    static final PostgresTestDatabase postgres = new PostgresTestDatabase();

    private RelayNode node;

    @Override
    protected RateLimits openRateLimits() throws SQLException {
        node = new RelayNode(postgres.freshSchema(), new MutableClock());
        return node.relay.rateLimits();
    }

    @AfterEach
    void closeNode() {
        node.close();
    }
}
