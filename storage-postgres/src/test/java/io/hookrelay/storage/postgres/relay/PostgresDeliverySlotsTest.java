package io.hookrelay.storage.postgres.relay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hookrelay.delivery.model.ScopedId;
import io.hookrelay.delivery.model.Target;
import io.hookrelay.delivery.port.DeliverySlot;
import io.hookrelay.delivery.testing.RelayFixture;
import io.hookrelay.queue.StoreException;
import io.hookrelay.queue.testing.MutableClock;
import io.hookrelay.storage.postgres.PostgresSettings;
import io.hookrelay.storage.postgres.RelayNode;
import io.hookrelay.storage.postgres.testing.PostgresTestDatabase;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** What only this adapter has beyond the contract: a pool of its own, which its owner stops by closing it. */
class PostgresDeliverySlotsTest {
    private static final Duration PATIENT = Duration.ofMinutes(5);
    private static final ScopedId KEY = new ScopedId(RelayFixture.TENANT, "orders");
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
        slots.acquire(KEY, ORDERS, PATIENT).join().orElseThrow();
        CompletableFuture<Optional<DeliverySlot>> waiting = slots.acquire(KEY, ORDERS, PATIENT);
        assertThat(waiting).isNotDone();

        node.relay.close();

        assertThat(waiting).isCompletedWithValue(Optional.empty());
        assertThatThrownBy(() -> slots.acquire(KEY, ORDERS, PATIENT)).isInstanceOf(StoreException.class);
    }

    @Test
    void aNewTargetsFirstAttemptsAtOnceEachTakeASlotWithoutWaiting() throws Exception {
        int attempts = 8;
        Target roomy = new Target("roomy", URI.create("https://receiver.example/hooks/roomy"), RelayFixture.SECRET,
                Target.DEFAULT_TIMEOUT, Target.DEFAULT_RETRY_SCHEDULE, attempts + 2);
        ScopedId key = new ScopedId(RelayFixture.TENANT, "roomy");
        CyclicBarrier together = new CyclicBarrier(attempts);
        ExecutorService threads = Executors.newFixedThreadPool(attempts);
        try {
            List<Future<CompletableFuture<Optional<DeliverySlot>>>> asked = new ArrayList<>();
            for (int i = 0; i < attempts; i++) {
                asked.add(threads.submit(() -> {
                    together.await();
                    return slots.acquire(key, roomy, PATIENT);
                }));
            }
            for (Future<CompletableFuture<Optional<DeliverySlot>>> slot : asked) {
                assertThat(slot.get(10, TimeUnit.SECONDS)).as("granted by the first ask, with slots to spare")
                        .isCompletedWithValueMatching(Optional::isPresent);
            }
        } finally {
            threads.shutdownNow();
        }
    }

    @Test
    void aSlotGivenBackGoesToThisNodesWaitingAttemptsInArrivalOrder() throws Exception {
        DeliverySlot first = slots.acquire(KEY, ORDERS, PATIENT).join().orElseThrow();
        List<CompletableFuture<Optional<DeliverySlot>>> waiting = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            waiting.add(slots.acquire(KEY, ORDERS, PATIENT));
        }

        DeliverySlot held = first;
        for (int i = 0; i < waiting.size(); i++) {
            held.release();
            held = waiting.get(i).get(10, TimeUnit.SECONDS).orElseThrow();
            assertThat(waiting.subList(i + 1, waiting.size())).as("those that came after wait on").noneMatch(CompletableFuture::isDone);
        }
        held.release();

        assertThat(node.rows("target_slots")).isEqualTo(1);
        assertThat(slots.acquire(KEY, ORDERS, PATIENT)).as("the slot is free again").isCompletedWithValueMatching(Optional::isPresent);
    }

    @Test
    void attemptsEndOnThePoolUntilItIsClosedThenOnTheCallersThread() throws Exception {
        Executor attemptEnds = slots.attemptEnds();
        CompletableFuture<Thread> ranOn = new CompletableFuture<>();
        attemptEnds.execute(() -> ranOn.complete(Thread.currentThread()));
        assertThat(ranOn.get(10, TimeUnit.SECONDS).getName()).startsWith("hookrelay-slots-");

        node.relay.close();

        CompletableFuture<Thread> ranAfterClosing = new CompletableFuture<>();
        attemptEnds.execute(() -> ranAfterClosing.complete(Thread.currentThread()));
        assertThat(ranAfterClosing).isCompletedWithValue(Thread.currentThread());
    }

    @Test
    void aSlotGivenBackAfterClosingIsFreeForOtherNodes() throws Exception {
        DeliverySlot held = slots.acquire(KEY, ORDERS, PATIENT).join().orElseThrow();
        node.relay.close();

        slots.attemptEnds().execute(held::release);

        try (RelayNode other = new RelayNode(settings, new MutableClock())) {
            assertThat(other.relay.deliverySlots().acquire(KEY, ORDERS, PATIENT)).isCompletedWithValueMatching(Optional::isPresent);
        }
    }
}
