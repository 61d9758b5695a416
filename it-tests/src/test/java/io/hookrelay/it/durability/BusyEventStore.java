package io.hookrelay.it.durability;

import io.hookrelay.delivery.model.Event;
import io.hookrelay.delivery.model.EventSummary;
import io.hookrelay.delivery.model.IngestResult;
import io.hookrelay.delivery.model.NewDelivery;
import io.hookrelay.delivery.model.TenantId;
import io.hookrelay.delivery.port.EventStore;
import io.hookrelay.delivery.query.EventFilter;
import io.hookrelay.delivery.query.Page;
import io.hookrelay.delivery.query.PageRequest;
import io.hookrelay.queue.TransientStoreException;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The relay's real event store, whose next ingests or event reads can be made to fail as they do when the
 * database stays locked past its busy timeout: with a {@link TransientStoreException}, before anything
 * reaches the database.
 */
final class BusyEventStore implements EventStore {
    private final EventStore delegate;
    private final AtomicInteger busyStoresLeft = new AtomicInteger();
    private final AtomicInteger busyFindsLeft = new AtomicInteger();

    BusyEventStore(EventStore delegate) {
        this.delegate = Objects.requireNonNull(delegate, "delegate");
    }

    /** The next {@code times} calls of {@link #store} (ingests) fail as busy. */
    void storesBusyForNext(int times) {
        busyStoresLeft.addAndGet(times);
    }

    /** The next {@code times} calls of {@link #find} (the read each delivery attempt starts with) fail as busy. */
    void findsBusyForNext(int times) {
        busyFindsLeft.addAndGet(times);
    }

    int busyFindsLeft() {
        return busyFindsLeft.get();
    }

    @Override
    public CompletionStage<IngestResult> store(TenantId tenant, Event event, Optional<String> idempotencyKey, List<NewDelivery> deliveries,
                                               Instant now) {
        failIfBusy(busyStoresLeft, "store event");
        return delegate.store(tenant, event, idempotencyKey, deliveries, now);
    }

    @Override
    public boolean addDeliveries(TenantId tenant, List<NewDelivery> deliveries, Instant now) {
        return delegate.addDeliveries(tenant, deliveries, now);
    }

    @Override
    public Optional<Event> find(TenantId tenant, String id) {
        failIfBusy(busyFindsLeft, "find event");
        return delegate.find(tenant, id);
    }

    @Override
    public Page<EventSummary> list(TenantId tenant, EventFilter filter, PageRequest page) {
        return delegate.list(tenant, filter, page);
    }

    @Override
    public Optional<String> idByIdempotencyKey(TenantId tenant, String sourceId, String key) {
        return delegate.idByIdempotencyKey(tenant, sourceId, key);
    }

    private static void failIfBusy(AtomicInteger busyLeft, String operation) {
        if (busyLeft.getAndUpdate(left -> Math.max(0, left - 1)) > 0) {
            throw new TransientStoreException("injected: " + operation + " failed: SQLITE_BUSY", null);
        }
    }
}
