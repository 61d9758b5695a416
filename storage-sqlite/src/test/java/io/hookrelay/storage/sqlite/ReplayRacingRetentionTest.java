package io.hookrelay.storage.sqlite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hookrelay.delivery.Event;
import io.hookrelay.delivery.EventStore;
import io.hookrelay.delivery.EventSummary;
import io.hookrelay.delivery.IngestResult;
import io.hookrelay.delivery.NewDelivery;
import io.hookrelay.delivery.NotFoundException;
import io.hookrelay.delivery.Page;
import io.hookrelay.delivery.PageRequest;
import io.hookrelay.delivery.Ulids;
import io.hookrelay.delivery.admin.EventAdmin;
import io.hookrelay.queue.IntentQueue;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Retention deletes an event after a replay has read it and before the replay writes: the replay is a 404. */
class ReplayRacingRetentionTest {
    @TempDir
    Path dataDir;

    private RelayFixture relay;

    @BeforeEach
    void open() {
        relay = new RelayFixture(dataDir);
        relay.configure(List.of("orders"), List.of("billing"));
        relay.routes.create(relay.route("orders", "billing"));
    }

    @AfterEach
    void close() {
        relay.close();
    }

    @Test
    void anEventDeletedBetweenTheReplaysReadAndWriteIsNotFoundAndNothingIsStored() {
        Event event = relay.ingest("orders").event();
        EventAdmin admin = new EventAdmin(new DeletedBeforeWriting(relay.events, relay), relay.deliveries, relay.routes,
                new IntentQueue(relay.intents, relay.clock), new Ulids(relay.clock));

        assertThatThrownBy(() -> admin.replay(event.id())).isInstanceOf(NotFoundException.class)
                .hasMessage("no event " + event.id());
        assertThat(relay.tableSizes()).containsEntry("events", 0L).containsEntry("deliveries", 0L)
                .containsEntry("intents", 0L);
    }

    /** The store, with the sweep's delete of every event landing just before deliveries are added. */
    private record DeletedBeforeWriting(EventStore delegate, RelayFixture relay) implements EventStore {
        @Override
        public boolean addDeliveries(List<NewDelivery> deliveries, Instant now) {
            relay.database.write("retention deletes the events", handle -> handle.handle().execute("DELETE FROM events"));
            return delegate.addDeliveries(deliveries, now);
        }

        @Override
        public IngestResult store(Event event, Optional<String> idempotencyKey, List<NewDelivery> deliveries, Instant now) {
            return delegate.store(event, idempotencyKey, deliveries, now);
        }

        @Override
        public Optional<Event> find(String id) {
            return delegate.find(id);
        }

        @Override
        public Page<EventSummary> list(Optional<String> sourceId, PageRequest page) {
            return delegate.list(sourceId, page);
        }
    }
}
