package io.hookrelay.storage.postgres.relay;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.delivery.model.ScopedId;
import io.hookrelay.delivery.model.Target;
import io.hookrelay.delivery.port.DeliverySlot;
import io.hookrelay.delivery.port.DeliverySlots;
import io.hookrelay.delivery.testing.RelayFixture;
import io.hookrelay.queue.testing.MutableClock;
import io.hookrelay.storage.postgres.RelayNode;
import io.hookrelay.storage.postgres.testing.PostgresTestDatabase;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * What several nodes on one database count together (DESIGN §3b): a target's attempts in flight and its
 * failures in a row. Each node here has its own pool and its own adapters, as separate processes would.
 */
class CountedAcrossNodesTest {
    private static final Duration PATIENCE = Duration.ofMillis(250);
    private static final Duration RUN = Duration.ofSeconds(3);
    private static final ScopedId ORDERS = new ScopedId(RelayFixture.TENANT, "orders");

    @RegisterExtension
    static final PostgresTestDatabase postgres = new PostgresTestDatabase();

    private final MutableClock clock = new MutableClock();
    private final List<RelayNode> nodes = new ArrayList<>();

    @AfterEach
    void closeNodes() {
        nodes.forEach(RelayNode::close);
    }

    @Test
    void nodesHammeringOneTargetNeverHoldMoreThanItsLimit() throws Exception {
        List<RelayNode> cluster = nodes(4);
        RelayNode sampler = cluster.get(3);
        Target orders = target("orders", 4, Target.DEFAULT_TIMEOUT);
        AtomicInteger holding = new AtomicInteger();
        AtomicInteger mostHolding = new AtomicInteger();
        AtomicLong granted = new AtomicLong();
        AtomicLong givenUp = new AtomicLong();
        AtomicBoolean running = new AtomicBoolean(true);
        ExecutorService attempts = Executors.newFixedThreadPool(12);
        try {
            List<Future<?>> workers = new ArrayList<>();
            for (int n = 0; n < 3; n++) {
                DeliverySlots slots = cluster.get(n).relay.deliverySlots();
                for (int w = 0; w < 4; w++) {
                    workers.add(attempts.submit(() -> {
                        while (running.get()) {
                            Optional<DeliverySlot> slot = slots.acquire(ORDERS, orders, PATIENCE).join();
                            if (slot.isEmpty()) {
                                givenUp.incrementAndGet();
                                continue;
                            }
                            granted.incrementAndGet();
                            mostHolding.accumulateAndGet(holding.incrementAndGet(), Math::max);
                            Thread.sleep(ThreadLocalRandom.current().nextInt(3));
                            holding.decrementAndGet();
                            slot.get().release();
                        }
                        return null;
                    }));
                }
            }
            long samples = 0;
            long mostHeldInTable = 0;
            long deadline = System.nanoTime() + RUN.toNanos();
            while (System.nanoTime() < deadline) {
                mostHeldInTable = Math.max(mostHeldInTable, held(sampler, "orders"));
                samples++;
            }
            running.set(false);
            for (Future<?> each : workers) {
                each.get();
            }

            System.out.printf("slots across 3 nodes x 4 attempts, limit 4: %d granted, %d given up, most holders %d,"
                    + " most held rows %d in %d samples%n", granted.get(), givenUp.get(), mostHolding.get(), mostHeldInTable, samples);
            assertThat(granted.get()).as("attempts got slots").isPositive();
            assertThat(mostHolding.get()).as("attempts holding a slot at once").isLessThanOrEqualTo(4);
            assertThat(mostHeldInTable).as("slot rows held at once").isLessThanOrEqualTo(4);
            assertThat(held(sampler, "orders")).as("every slot given back").isZero();
        } finally {
            attempts.shutdownNow();
        }
    }

    @Test
    void aNodeWhoseAttemptsAlwaysWaitForATargetStillLetsAnotherNodeHaveIt() throws Exception {
        List<RelayNode> cluster = nodes(2);
        Target orders = target("orders", 1, Target.DEFAULT_TIMEOUT);
        DeliverySlots busy = cluster.get(0).relay.deliverySlots();
        AtomicBoolean running = new AtomicBoolean(true);
        AtomicLong busyGranted = new AtomicLong();
        ExecutorService attempts = Executors.newFixedThreadPool(4);
        try {
            List<Future<?>> loops = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                loops.add(attempts.submit(() -> {
                    while (running.get()) {
                        Optional<DeliverySlot> slot = busy.acquire(ORDERS, orders, Duration.ofMinutes(1)).join();
                        if (slot.isPresent()) {
                            busyGranted.incrementAndGet();
                            Thread.sleep(1);
                            slot.get().release();
                        }
                    }
                    return null;
                }));
            }
            while (busyGranted.get() < 20) {
                Thread.onSpinWait();
            }

            long started = System.nanoTime();
            Optional<DeliverySlot> other = cluster.get(1).relay.deliverySlots()
                    .acquire(ORDERS, orders, Duration.ofMinutes(1)).get(10, TimeUnit.SECONDS);
            long waitedMillis = Duration.ofNanos(System.nanoTime() - started).toMillis();
            running.set(false);
            other.orElseThrow().release();
            for (Future<?> loop : loops) {
                loop.get(10, TimeUnit.SECONDS);
            }

            System.out.printf("another node's attempt waited %d ms for a target one node kept busy (%d grants)%n",
                    waitedMillis, busyGranted.get());
            assertThat(other).as("the other node's attempt got the slot").isPresent();
        } finally {
            running.set(false);
            attempts.shutdownNow();
        }
    }

    @Test
    void aSlotWhoseHolderNeverGivesItBackIsTakenOverOnceItsHoldIsOver() throws Exception {
        List<RelayNode> cluster = nodes(3);
        Duration timeout = Duration.ofSeconds(2);
        Target orders = target("orders", 1, timeout);
        DeliverySlot crashed = cluster.get(0).relay.deliverySlots().acquire(ORDERS, orders, PATIENCE).join().orElseThrow();
        DeliverySlots survivor = cluster.get(1).relay.deliverySlots();

        assertThat(survivor.acquire(ORDERS, orders, PATIENCE).join()).as("still held").isEmpty();
        clock.advance(timeout.plus(PostgresDeliverySlots.HOLD_MARGIN).minusMillis(1));
        assertThat(survivor.acquire(ORDERS, orders, PATIENCE).join()).as("held until the timeout and the margin are over").isEmpty();
        clock.advance(Duration.ofMillis(1));
        assertThat(survivor.acquire(ORDERS, orders, PATIENCE).join()).as("taken over").isPresent();

        crashed.release();

        assertThat(cluster.get(2).relay.deliverySlots().acquire(ORDERS, orders, PATIENCE).join())
                .as("a late release by the first holder frees nothing of the new one's").isEmpty();
    }

    @Test
    void slotRowsAreCreatedOnlyUpToTheLimit() throws Exception {
        RelayNode node = nodes(1).get(0);
        DeliverySlots slots = node.relay.deliverySlots();
        Target orders = target("orders", 2, Target.DEFAULT_TIMEOUT);
        slots.acquire(ORDERS, orders, PATIENCE).join().orElseThrow();
        slots.acquire(ORDERS, orders, PATIENCE).join().orElseThrow();

        assertThat(slots.acquire(ORDERS, orders, PATIENCE).join()).isEmpty();

        assertThat(node.rows("target_slots")).isEqualTo(2);
    }

    @Test
    void nodesCountOneStreakPerTarget() throws Exception {
        List<RelayNode> cluster = nodes(2);

        assertThat(cluster.get(0).relay.failureStreaks().failed(ORDERS)).isEqualTo(1);
        assertThat(cluster.get(1).relay.failureStreaks().failed(ORDERS)).isEqualTo(2);
        cluster.get(1).relay.failureStreaks().succeeded(ORDERS);
        assertThat(cluster.get(0).relay.failureStreaks().failed(ORDERS)).isEqualTo(1);
        cluster.get(0).relay.failureStreaks().reset(ORDERS);
        assertThat(cluster.get(1).relay.failureStreaks().failed(ORDERS)).isEqualTo(1);
    }

    private List<RelayNode> nodes(int count) throws Exception {
        var settings = postgres.freshSchema();
        for (int i = 0; i < count; i++) {
            nodes.add(new RelayNode(settings, clock));
        }
        return List.copyOf(nodes);
    }

    private static long held(RelayNode node, String targetId) {
        return node.database.read("count held slots", handle -> handle
                .createQuery("SELECT count(*) FROM target_slots WHERE target_id = :target AND holder IS NOT NULL")
                .bind("target", targetId).mapTo(Long.class).one());
    }

    private static Target target(String id, int maxInFlight, Duration timeout) {
        return new Target(id, URI.create("https://receiver.example/hooks/" + id), RelayFixture.SECRET, timeout,
                Target.DEFAULT_RETRY_SCHEDULE, maxInFlight);
    }
}
