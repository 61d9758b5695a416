package io.hookrelay.storage.postgres.relay;

import static io.hookrelay.delivery.testing.RelayFixture.TENANT;
import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.delivery.model.Event;
import io.hookrelay.delivery.model.IngestResult;
import io.hookrelay.delivery.model.Ulids;
import io.hookrelay.delivery.port.EventStore;
import io.hookrelay.delivery.testing.Committed;
import io.hookrelay.delivery.testing.RelayFixture;
import io.hookrelay.queue.testing.MutableClock;
import io.hookrelay.storage.postgres.PostgresSettings;
import io.hookrelay.storage.postgres.RelayNode;
import io.hookrelay.storage.postgres.testing.PostgresTestDatabase;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** What PostgreSQL's event store must do beyond the contract: one event per key, whichever nodes take it. */
class PostgresEventStoreTest {

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
        relay.configure(List.of("orders"), List.of("billing", "audit"));
    }

    @AfterEach
    void close() {
        otherNode.close();
        relay.close();
    }

    /** A provider retrying while its first try is still being stored, the tries landing on two nodes. */
    @Test
    void oneIdempotencyKeyIngestedOnTwoNodesAtOnceStoresOneEventWithItsDeliveries() throws Exception {
        int ingests = 12;
        List<EventStore> nodes = List.of(relay.events, otherNode.relay.events());
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(ingests);
        List<IngestResult> results = new ArrayList<>();
        try {
            List<Future<IngestResult>> outcomes = new ArrayList<>();
            for (int i = 0; i < ingests; i++) {
                Event event = relay.event("orders");
                EventStore node = nodes.get(i % nodes.size());
                outcomes.add(pool.submit(() -> {
                    start.await();
                    return Committed.join(node.store(TENANT, event, Optional.of("delivery-42"), relay.deliveriesOf(event, "billing", "audit"),
                            relay.clock.instant()));
                }));
            }
            start.countDown();
            for (Future<IngestResult> outcome : outcomes) {
                results.add(outcome.get(30, TimeUnit.SECONDS));
            }
        } finally {
            pool.shutdownNow();
        }

        List<IngestResult> first = results.stream().filter(result -> !result.duplicate()).toList();
        assertThat(first).singleElement().extracting(IngestResult::deliveries).isEqualTo(2);
        String eventId = first.get(0).eventId();
        assertThat(results).filteredOn(IngestResult::duplicate).hasSize(ingests - 1)
                .allSatisfy(duplicate -> assertThat(duplicate).isEqualTo(new IngestResult(eventId, 2, true)));
        RelayFixture.Stored stored = relay.stored();
        assertThat(stored.events()).singleElement().satisfies(event -> assertThat(event.id()).isEqualTo(eventId));
        assertThat(stored.deliveries()).hasSize(2).allSatisfy(delivery -> assertThat(delivery.eventId()).isEqualTo(eventId));
        assertThat(stored.pendingByKind()).containsExactly(Map.entry("delivery", 2L));
    }

    /** Each header is a value of its own, so nothing in one (a colon, a line break) can change how it reads back. */
    @Test
    void headersComeBackExactlyWhateverTheyHold() {
        Map<String, String> headers = Map.of("x-folded", "one\r\n two", "x-colon", "a: b: c", "x-empty", "",
                "x-unicode", "\u00e9t\u00e9 \uD83D\uDE80");
        Event event = new Event(relay.nextId(Ulids.EVENT), "orders", Optional.empty(), relay.clock.instant(), "text/plain",
                headers, new byte[] {1});

        Committed.join(relay.events.store(TENANT, event, Optional.empty(), List.of(), relay.clock.instant()));

        assertThat(otherNode.relay.events().find(TENANT, event.id())).contains(event);
    }
}
