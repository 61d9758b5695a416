package io.hookrelay.storage.postgres.relay;

import io.hookrelay.delivery.model.Event;
import io.hookrelay.delivery.model.EventSummary;
import io.hookrelay.delivery.model.IngestResult;
import io.hookrelay.delivery.model.NewDelivery;
import io.hookrelay.delivery.model.TenantId;
import io.hookrelay.delivery.port.EventStore;
import io.hookrelay.delivery.query.EventFilter;
import io.hookrelay.delivery.query.Page;
import io.hookrelay.delivery.query.PageRequest;
import io.hookrelay.queue.Enqueued;
import io.hookrelay.queue.IntentWrites;
import io.hookrelay.storage.jdbi.EventListing;
import io.hookrelay.storage.postgres.PostgresDatabase;
import io.hookrelay.storage.postgres.PostgresIntentStore;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import org.jdbi.v3.core.Handle;

/**
 * {@link EventStore} on PostgreSQL. An ingest is one transaction: the idempotency key, the event, and each
 * delivery's intent (written by the queue) and row commit together, so an answered webhook has all of its
 * deliveries and a failed one has none. Nodes that take the same key at once store one event: the key is
 * taken first, and the second ingest waits for the first to commit, then answers its event. Events, keys and
 * deliveries are each of one tenant, and a tenant's calls see only its own.
 */
public final class PostgresEventStore implements EventStore {
    private final PostgresDatabase database;
    private final PostgresIntentStore intents;
    private final RelayHandles handles;

    PostgresEventStore(PostgresDatabase database, PostgresIntentStore intents, RelayHandles handles) {
        this.database = database;
        this.intents = intents;
        this.handles = handles;
    }

    /**
     * A duplicate answers the first event's current delivery count, which includes any replays of it since.
     *
     * @throws IllegalArgumentException when a delivery is not of this event, or is to another tenant's target; the
     *                                  stage fails with one when a delivery id is already used. Nothing of the call
     *                                  is kept
     */
    @Override
    public CompletableFuture<IngestResult> store(TenantId tenant, Event event, Optional<String> idempotencyKey,
            List<NewDelivery> deliveries, Instant now) {
        Objects.requireNonNull(idempotencyKey, "idempotencyKey");
        Objects.requireNonNull(now, "now");
        List<NewDelivery> toStore = List.copyOf(deliveries);
        toStore.forEach(delivery -> delivery.requireIn(tenant));
        toStore.stream().filter(delivery -> !delivery.eventId().equals(event.id())).findFirst().ifPresent(stray -> {
            throw new IllegalArgumentException("delivery " + stray.id() + " is not of event " + event.id());
        });
        try {
            return CompletableFuture.completedFuture(storeNow(tenant, event, idempotencyKey, toStore, now));
        } catch (RuntimeException failed) {
            return CompletableFuture.failedFuture(failed);
        }
    }

    /** In one transaction on the calling thread: PostgreSQL commits each ingest on a pooled connection of its own. */
    private IngestResult storeNow(TenantId tenant, Event event, Optional<String> idempotencyKey, List<NewDelivery> toStore,
            Instant now) {
        Map<String, String> headers = new TreeMap<>(event.headers());
        String[] headerNames = headers.keySet().toArray(String[]::new);
        String[] headerValues = headers.values().toArray(String[]::new);
        byte[] body = event.body();
        return intents.inTransaction("store event", (handle, writes) -> {
            EventDao events = handles.attach(handle, EventDao.class);
            Optional<String> first = idempotencyKey
                    .map(key -> events.claimKey(tenant.value(), event.sourceId(), key, event.id()))
                    .filter(holder -> !holder.equals(event.id()));
            if (first.isPresent()) {
                int deliveryCount = handles.attach(handle, DeliveryDao.class).countForEvent(first.get());
                return new IngestResult(first.get(), deliveryCount, true);
            }
            events.insert(tenant.value(), event.id(), event.sourceId(), event.eventType().orElse(null),
                    event.receivedAt().toEpochMilli(), event.contentType(), headerNames, headerValues, body);
            insertDeliveries(handle, writes, tenant, toStore, now);
            return new IngestResult(event.id(), toStore.size(), false);
        });
    }

    /**
     * An event of another tenant counts as gone.
     *
     * @throws IllegalArgumentException when a delivery is to another tenant's target, or its id is already used;
     *                                  nothing of the call is kept
     */
    @Override
    public boolean addDeliveries(TenantId tenant, List<NewDelivery> deliveries, Instant now) {
        Objects.requireNonNull(now, "now");
        List<NewDelivery> toStore = List.copyOf(deliveries);
        toStore.forEach(delivery -> delivery.requireIn(tenant));
        if (toStore.isEmpty()) {
            return true;
        }
        String[] eventIds = toStore.stream().map(NewDelivery::eventId).distinct().toArray(String[]::new);
        return intents.inTransaction("add deliveries", (handle, writes) -> {
            if (handles.attach(handle, EventDao.class).lockExisting(tenant.value(), eventIds).size() != eventIds.length) {
                return false;
            }
            insertDeliveries(handle, writes, tenant, toStore, now);
            return true;
        });
    }

    @Override
    public Optional<Event> find(TenantId tenant, String id) {
        Objects.requireNonNull(id, "id");
        return database.read("find event", handle -> handles.attach(handle, EventDao.class).find(tenant.value(), id));
    }

    @Override
    public Page<EventSummary> list(TenantId tenant, EventFilter filter, PageRequest page) {
        Objects.requireNonNull(filter, "filter");
        return database.read("list events", handle -> {
            EventDao events = handles.attach(handle, EventDao.class);
            return EventListing.page(tenant, filter, page, events::list, events::listOfSource);
        });
    }

    @Override
    public Optional<String> idByIdempotencyKey(TenantId tenant, String sourceId, String key) {
        return database.read("find event by key",
                handle -> handles.attach(handle, EventDao.class).findByKey(tenant.value(), sourceId, key));
    }

    /**
     * Each delivery is a queue intent, enqueued by the queue's own operation so its rules and listeners apply,
     * plus the row that ties it to its event and to its target in the tenant for listing.
     */
    private void insertDeliveries(Handle handle, IntentWrites writes, TenantId tenant, List<NewDelivery> deliveries,
            Instant now) {
        if (deliveries.isEmpty()) {
            return;
        }
        List<Enqueued> enqueued = writes.enqueueAll(deliveries.stream().map(NewDelivery::toIntent).toList(), now);
        enqueued.stream().filter(Enqueued::duplicate).findFirst().ifPresent(used -> {
            throw new IllegalArgumentException("delivery id " + used.id() + " is already used");
        });
        handles.attach(handle, DeliveryDao.class).insertAll(tenant.value(),
                deliveries.stream().map(NewDelivery::id).toArray(String[]::new),
                deliveries.stream().map(NewDelivery::eventId).toArray(String[]::new),
                deliveries.stream().map(delivery -> delivery.target().id()).toArray(String[]::new));
    }
}
