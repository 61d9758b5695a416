package io.hookrelay.storage.postgres;

import io.hookrelay.delivery.port.DeliverySlots;
import io.hookrelay.delivery.testing.DeliverySlotsContract;
import io.hookrelay.queue.testing.MutableClock;
import io.hookrelay.storage.postgres.testing.PostgresTestDatabase;
import java.sql.SQLException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The shared rules of every adapter's delivery slots, against a real PostgreSQL schema of its own per test. */
class PostgresDeliverySlotsContractTest extends DeliverySlotsContract {

    @RegisterExtension
    static final PostgresTestDatabase postgres = new PostgresTestDatabase();

    private RelayNode node;

    @Override
    protected DeliverySlots openSlots(MutableClock clock) throws SQLException {
        node = new RelayNode(postgres.freshSchema(), clock);
        return node.relay.deliverySlots();
    }

    @AfterEach
    void closeNode() {
        node.close();
    }
}
