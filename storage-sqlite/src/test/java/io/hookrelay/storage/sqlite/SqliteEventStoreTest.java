package io.hookrelay.storage.sqlite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hookrelay.delivery.model.Event;
import io.hookrelay.delivery.model.TenantId;
import io.hookrelay.delivery.model.Ulids;
import io.hookrelay.delivery.testing.Committed;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What SQLite's event store adds to {@code EventStoreContract}: headers are stored as text lines. */
class SqliteEventStoreTest {

    @TempDir
    Path dataDir;

    private SqliteRelayFixture relay;

    @BeforeEach
    void open() {
        relay = new SqliteRelayFixture(dataDir);
        relay.configure(List.of("orders"), List.of("billing"));
    }

    @AfterEach
    void close() {
        relay.close();
    }

    @Test
    void aHeaderThatCouldNotReadBackTheSameIsRefusedAndNothingIsStored() {
        Event event = new Event(relay.nextId(Ulids.EVENT), "orders", Optional.empty(), relay.clock.instant(),
                "text/plain", Map.of("x-folded", "one\r\n two"), new byte[] {1});

        assertThatThrownBy(() -> Committed.join(relay.events.store(TenantId.DEFAULT, event, Optional.of("k"), relay.deliveriesOf(event, "billing"),
                relay.clock.instant()))).isInstanceOf(IllegalArgumentException.class);

        assertThat(relay.tableSizes()).containsOnly(
                Map.entry("events", 0L), Map.entry("idempotency_keys", 0L), Map.entry("deliveries", 0L),
                Map.entry("intents", 0L));
    }
}
