package io.hookrelay.storage.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hookrelay.delivery.Target;
import io.hookrelay.delivery.send.DeliverySlot;
import io.hookrelay.delivery.testing.RelayFixture;
import io.hookrelay.queue.StoreException;
import io.hookrelay.queue.testing.MutableClock;
import io.hookrelay.storage.postgres.testing.PostgresTestDatabase;
import java.net.URI;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** What only this adapter has beyond the contract: a pool of its own, which its owner stops by closing it. */
class PostgresDeliverySlotsTest {
    private static final Duration PATIENT = Duration.ofMinutes(5);
    private static final Target ORDERS = new Target("orders", URI.create("https://receiver.example/hooks/orders"),
            RelayFixture.SECRET, Target.DEFAULT_TIMEOUT, Target.DEFAULT_RETRY_SCHEDULE, 1);

    @RegisterExtension
    static final PostgresTestDatabase postgres = new PostgresTestDatabase();

    private PostgresSettings settings;
    private RelayNode node;
    private PostgresDeliverySlots slots;

    @BeforeEach
    void openNode() throws Exception {
        settings = postgres.freshSchema();
        node = new RelayNode(settings, new MutableClock());
        slots = node.relay.deliverySlots();
    }

    @AfterEach
    void closeNode() {
        node.close();
    }

    @Test
    void closingEndsEveryWaitWithNoSlotAndRefusesNewOnes() {
        slots.acquire(ORDERS, PATIENT).join().orElseThrow();
        CompletableFuture<Optional<DeliverySlot>> waiting = slots.acquire(ORDERS, PATIENT);
        assertThat(waiting).isNotDone();

        node.relay.close();

        assertThat(waiting).isCompletedWithValue(Optional.empty());
        assertThatThrownBy(() -> slots.acquire(ORDERS, PATIENT)).isInstanceOf(StoreException.class);
    }
}
