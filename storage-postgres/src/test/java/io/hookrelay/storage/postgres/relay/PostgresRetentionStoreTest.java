package io.hookrelay.storage.postgres.relay;

import static io.hookrelay.delivery.testing.RelayFixture.TENANT;
import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.delivery.model.Event;
import io.hookrelay.delivery.model.NewDelivery;
import io.hookrelay.delivery.port.EventStore;
import io.hookrelay.delivery.port.RetentionStore;
import io.hookrelay.delivery.retention.RetentionMetrics;
import io.hookrelay.delivery.retention.RetentionPolicy;
import io.hookrelay.delivery.retention.RetentionSweeper;
import io.hookrelay.delivery.retention.Sweep;
import io.hookrelay.delivery.testing.RelayFixture;
import io.hookrelay.queue.ClaimRef;
import io.hookrelay.queue.testing.MutableClock;
import io.hookrelay.storage.postgres.PostgresSettings;
import io.hookrelay.storage.postgres.RelayNode;
import io.hookrelay.storage.postgres.testing.PostgresTestDatabase;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** What PostgreSQL's retention store must do beyond the contract: run on every node at once without harm. */
class PostgresRetentionStoreTest {
    private static final RetentionPolicy POLICY = new RetentionPolicy(Duration.ofDays(7), Duration.ofDays(30));

    @RegisterExtension
    static final PostgresTestDatabase postgres = new PostgresTestDatabase();

    private final MutableClock clock = new MutableClock();
    private RelayFixture relay;
    private RelayNode otherNode;

    @BeforeEach
    void open() throws SQLException {
        PostgresSettings settings = postgres.freshSchema();
        relay = new RelayFixture(clock, new RelayNode(settings, clock).stores());
        otherNode = new RelayNode(settings, clock);
        relay.configure(List.of("orders"), List.of("billing"));
    }

    @AfterEach
    void close() {
        otherNode.close();
        relay.close();
    }

    @Test
    void sweepsOnTwoNodesAtOnceDeleteEverythingOnceWithoutAnError() throws Exception {
        Instant start = clock.instant();
        for (int i = 0; i < 40; i++) {
            relay.ingest("orders", "billing");
            relay.ingest("orders");
        }
        Map<String, ClaimRef> claims = relay.claimAll();
        claims.values().forEach(claim -> relay.intents.complete(claim, clock.instant()));
        clock.set(start.plus(Duration.ofDays(8)));

        List<Sweep> sweeps = concurrently(List.of(
                () -> sweeper(relay.retention).sweep(() -> true),
                () -> sweeper(otherNode.relay.retention()).sweep(() -> true)));

        assertThat(sweeps).allSatisfy(sweep -> assertThat(sweep.finished()).isTrue());
        assertThat(sweeps.stream().mapToInt(Sweep::deliveriesDeleted).sum()).isEqualTo(40);
        assertThat(sweeps.stream().mapToInt(Sweep::eventsDeleted).sum()).isEqualTo(80);
        assertThat(relay.stored().isEmpty()).isTrue();
    }

    /**
     * Replays on one node while another deletes the same old events: each event ends either gone with no
     * delivery, or kept with every delivery a replay was told it stored.
     */
    @Test
    void replaysRacingDeletesOnAnotherNodeNeverLoseADeliveryNorLeaveOneWithoutItsEvent() throws Exception {
        List<Event> old = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            old.add(relay.ingest("orders").event());
        }
        Instant now = relay.advance(Duration.ofDays(8));
        EventStore replaying = otherNode.relay.events();
        List<String> ids = old.stream().map(Event::id).toList();

        List<Callable<Object>> work = new ArrayList<>();
        List<List<NewDelivery>> replays = old.stream().map(event -> relay.deliveriesOf(event, "billing")).toList();
        List<Boolean> replayed = new ArrayList<>();
        work.add(() -> {
            for (List<NewDelivery> replay : replays) {
                replayed.add(replaying.addDeliveries(TENANT, replay, now));
            }
            return null;
        });
        work.add(() -> {
            for (String id : ids) {
                relay.retention.deleteEvents(now, List.of(id));
            }
            return null;
        });
        concurrently(work);

        for (int i = 0; i < old.size(); i++) {
            Event event = old.get(i);
            Optional<Event> kept = relay.events.find(TENANT, event.id());
            if (replayed.get(i)) {
                assertThat(kept).as("a replayed event stays").isPresent();
                assertThat(relay.deliveries.forEvent(TENANT, event.id())).hasSize(1);
            } else {
                assertThat(kept).as("an event a replay found gone").isEmpty();
                assertThat(relay.deliveries.forEvent(TENANT, event.id())).isEmpty();
            }
        }
    }

    private RetentionSweeper sweeper(RetentionStore store) {
        return new RetentionSweeper(store, POLICY, RetentionMetrics.NONE, clock, 7);
    }

    private static <T> List<T> concurrently(List<Callable<T>> work) throws Exception {
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(work.size());
        try {
            List<Future<T>> running = new ArrayList<>();
            for (Callable<T> task : work) {
                running.add(pool.submit(() -> {
                    start.await();
                    return task.call();
                }));
            }
            start.countDown();
            List<T> results = new ArrayList<>();
            for (Future<T> task : running) {
                results.add(task.get(60, TimeUnit.SECONDS));
            }
            return results;
        } finally {
            pool.shutdownNow();
        }
    }
}
