package io.hookrelay.storage.sqlite;

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
import io.hookrelay.storage.sqlite.connection.AttachedHandle;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * {@link EventStore} on SQLite. An ingest is one task for the database's single writer: the idempotency
 * check, the event, its key, and each delivery's intent and row commit together (and, with group commit,
 * together with other ingests), so an answered webhook has all of its deliveries and a failed one has none.
 */
public final class SqliteEventStore implements EventStore {
    private final SqliteRelayDatabase database;
    private final SqliteIntentStore intents;

    public SqliteEventStore(SqliteRelayDatabase database) {
        this.database = Objects.requireNonNull(database, "database");
        this.intents = new SqliteIntentStore(database.database());
    }

    /**
     * A duplicate answers the first event's current delivery count, which includes any replays of it since.
     *
     * @throws IllegalArgumentException when a delivery is not of this event or a header cannot be stored; the
     *                                  stage fails with one when a delivery id is already used. Nothing of the call
     *                                  is kept
     */
    @Override
    public CompletableFuture<IngestResult> store(TenantId tenant, Event event, Optional<String> idempotencyKey, List<NewDelivery> deliveries, Instant now) {
        Objects.requireNonNull(idempotencyKey, "idempotencyKey");
        List<NewDelivery> toStore = List.copyOf(deliveries);
        toStore.forEach(delivery -> delivery.requireIn(tenant));
        toStore.stream().filter(delivery -> !delivery.eventId().equals(event.id())).findFirst().ifPresent(stray -> {
            throw new IllegalArgumentException("delivery " + stray.id() + " is not of event " + event.id());
        });
        Objects.requireNonNull(now, "now");
        String headers = TextColumns.headerLines(event.headers());
        byte[] body = event.body();
        return intents.submit("store event", (handle, writes) -> {
            EventDao events = handle.attach(EventDao.class);
            Optional<String> first = idempotencyKey.flatMap(key -> events.findByKey(tenant.value(), event.sourceId(), key));
            if (first.isPresent()) {
                int deliveryCount = handle.attach(DeliveryDao.class).countForEvent(first.get());
                return new IngestResult(first.get(), deliveryCount, true);
            }
            events.insert(tenant.value(), event.id(), event.sourceId(), event.eventType().orElse(null),
                    event.receivedAt().toEpochMilli(), event.contentType(), headers, body);
            idempotencyKey.ifPresent(key -> events.insertKey(tenant.value(), event.sourceId(), key, event.id()));
            insertDeliveries(tenant, handle, writes, toStore, now);
            return new IngestResult(event.id(), toStore.size(), false);
        });
    }

    /** @throws IllegalArgumentException when an event does not exist or a delivery id is already used */
    @Override
    public boolean addDeliveries(TenantId tenant, List<NewDelivery> deliveries, Instant now) {
        List<NewDelivery> toStore = List.copyOf(deliveries);
        toStore.forEach(delivery -> delivery.requireIn(tenant));
        Objects.requireNonNull(now, "now");
        if (toStore.isEmpty()) {
            return true;
        }
        return intents.write("add deliveries", (handle, writes) -> {
            EventDao events = handle.attach(EventDao.class);
            if (!toStore.stream().map(NewDelivery::eventId).distinct().allMatch(eventId -> events.exists(tenant.value(), eventId))) {
                return false;
            }
            insertDeliveries(tenant, handle, writes, toStore, now);
            return true;
        });
    }

    @Override
    public Optional<Event> find(TenantId tenant, String id) {
        Objects.requireNonNull(id, "id");
        return database.read("find event", handle -> handle.attach(EventDao.class).find(tenant.value(), id));
    }

    @Override
    public Page<EventSummary> list(TenantId tenant, EventFilter filter, PageRequest page) {
        Objects.requireNonNull(filter, "filter");
        return database.read("list events", handle -> {
            EventDao events = handle.attach(EventDao.class);
            return EventListing.page(tenant, filter, page, events::list, events::listOfSource);
        });
    }

    @Override
    public Optional<String> idByIdempotencyKey(TenantId tenant, String sourceId, String key) {
        return database.read("find event by key", handle -> handle.attach(EventDao.class).findByKey(tenant.value(), sourceId, key));
    }

    /**
     * Each delivery is a queue intent, enqueued through the queue's own writes so it follows the queue's rules,
     * plus the row that ties it to its event for listing.
     */
    private static void insertDeliveries(TenantId tenant, AttachedHandle handle, IntentWrites writes, List<NewDelivery> deliveries,
            Instant now) {
        List<Enqueued> enqueued = writes.enqueueAll(deliveries.stream().map(NewDelivery::toIntent).toList(), now);
        DeliveryDao rows = handle.attach(DeliveryDao.class);
        for (int i = 0; i < deliveries.size(); i++) {
            NewDelivery delivery = deliveries.get(i);
            if (enqueued.get(i).duplicate()) {
                throw new IllegalArgumentException("delivery id " + delivery.id() + " is already used");
            }
            rows.insert(tenant.value(), delivery.id(), delivery.eventId(), delivery.target().id());
        }
    }
}
