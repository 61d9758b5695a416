package io.hookrelay.storage.postgres.relay;

import static io.hookrelay.delivery.testing.RelayFixture.TENANT;
import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.delivery.model.Route;
import io.hookrelay.delivery.model.Target;
import io.hookrelay.delivery.port.RouteStore.Creation;
import io.hookrelay.delivery.port.RouteStore;
import io.hookrelay.delivery.testing.RelayFixture;
import io.hookrelay.queue.testing.MutableClock;
import io.hookrelay.storage.postgres.PostgresSettings;
import io.hookrelay.storage.postgres.RelayNode;
import io.hookrelay.storage.postgres.testing.PostgresTestDatabase;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** What PostgreSQL's route store must do beyond the contract: hold any route once, whichever nodes create it. */
class PostgresRouteStoreTest {

    @RegisterExtension
    static final PostgresTestDatabase postgres = new PostgresTestDatabase();

    private RelayFixture relay;
    private RelayNode otherNode;

    @BeforeEach
    void open() throws SQLException {
        PostgresSettings settings = postgres.freshSchema();
        MutableClock clock = new MutableClock();
        relay = new RelayFixture(clock, new RelayNode(settings, clock).stores());
        otherNode = new RelayNode(settings, clock);
        relay.configure(List.of("orders"), List.of("billing"));
    }

    @AfterEach
    void close() {
        otherNode.close();
        relay.close();
    }

    /** The most filters a route may have, each as long as may be: far more than one index entry can hold. */
    @Test
    void aRouteWithTheLongestFiltersIsStoredOnceToo() {
        String[] filters = IntStream.range(0, 100)
                .mapToObj(i -> String.format("%03d", i) + String.join("", Collections.nCopies(197, Integer.toString(i % 10))))
                .toArray(String[]::new);
        Route longest = relay.route("orders", "billing", filters);

        assertThat(relay.routes.create(TENANT, longest)).isEqualTo(Creation.CREATED);
        assertThat(relay.routes.create(TENANT, relay.route("orders", "billing", filters))).isEqualTo(Creation.DUPLICATE);

        assertThat(relay.routes.list(TENANT)).containsExactly(longest);
    }

    /** Operators' scripts against two nodes at once: one route comes of it, and every other create is told it exists. */
    @Test
    void concurrentCreatesOfOneRouteOnTwoNodesStoreItOnce() throws Exception {
        int creators = 16;
        List<RouteStore> nodes = List.of(relay.routes, otherNode.relay.routes());
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(creators);
        try {
            List<Future<Creation>> outcomes = new ArrayList<>();
            for (int i = 0; i < creators; i++) {
                Route route = relay.route("orders", "billing", "order.paid");
                RouteStore node = nodes.get(i % nodes.size());
                outcomes.add(pool.submit(() -> {
                    start.await();
                    return node.create(TENANT, route);
                }));
            }
            start.countDown();
            List<Creation> results = new ArrayList<>();
            for (Future<Creation> outcome : outcomes) {
                results.add(outcome.get(30, TimeUnit.SECONDS));
            }

            assertThat(results).filteredOn(Creation.CREATED::equals).hasSize(1);
            assertThat(results).filteredOn(Creation.DUPLICATE::equals).hasSize(creators - 1);
        } finally {
            pool.shutdownNow();
        }
        assertThat(relay.routes.list(TENANT)).singleElement().extracting(Route::eventTypes).isEqualTo(List.of("order.paid"));
    }

    /** Nothing is cached: what another node changed is what the next read answers. */
    @Test
    void configurationChangedOnAnotherNodeIsReadAtOnce() {
        Route toBilling = relay.route("orders", "billing");
        assertThat(relay.routes.forSource(TENANT, "orders")).isEmpty();
        assertThat(relay.sources.find(TENANT, "orders")).isPresent();

        otherNode.relay.routes().create(TENANT, toBilling);
        assertThat(relay.routes.forSource(TENANT, "orders")).containsExactly(toBilling);
        Target billing = RelayFixture.target("billing");
        otherNode.relay.targets().change(TENANT, "billing", current -> new Target("billing", billing.url(), billing.secret(),
                billing.timeout(), billing.retrySchedule(), 3));
        assertThat(relay.targets.find(TENANT, "billing").orElseThrow().maxInFlight()).isEqualTo(3);
        otherNode.relay.targets().delete(TENANT, "billing", relay.clock.instant());
        assertThat(relay.routes.forSource(TENANT, "orders")).isEmpty();
        assertThat(relay.targets.find(TENANT, "billing")).isEmpty();
        otherNode.relay.sources().delete(TENANT, "orders");
        assertThat(relay.sources.find(TENANT, "orders")).isEmpty();
    }
}
