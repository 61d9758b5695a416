package io.hookrelay.delivery.port;

import io.hookrelay.delivery.model.Event;
import io.hookrelay.delivery.model.EventSummary;
import io.hookrelay.delivery.model.IngestResult;
import io.hookrelay.delivery.model.NewDelivery;
import io.hookrelay.delivery.model.TenantId;
import io.hookrelay.delivery.model.Ulids;
import io.hookrelay.delivery.query.EventFilter;
import io.hookrelay.delivery.query.Page;
import io.hookrelay.delivery.query.PageRequest;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletionStage;

/** Durable events, stored together with their deliveries. */
public interface EventStore {

    /**
     * In one transaction: when {@code idempotencyKey} is present and already names an event of the same
     * source, writes nothing and answers that event (duplicate); otherwise stores the event, the key and one
     * pending delivery intent per {@link NewDelivery}. The stage completes once that transaction is durable, or
     * exceptionally with what kept it from being written, having written nothing: a store that commits in
     * groups answers without holding the caller's thread while it waits. Arguments that are not a valid event
     * and deliveries are refused at once, thrown.
     */
    CompletionStage<IngestResult> store(TenantId tenant, Event event, Optional<String> idempotencyKey, List<NewDelivery> deliveries, Instant now);

    /**
     * Adds deliveries to existing events (a replay), in one transaction.
     *
     * @return false, having stored nothing, when an event they belong to is gone: retention may delete an
     *         event between a replay's read of it and this write
     */
    boolean addDeliveries(TenantId tenant, List<NewDelivery> deliveries, Instant now);

    Optional<Event> find(TenantId tenant, String id);

    /**
     * Events newest first, as {@code filter} chooses them. An event's id is taken to have been made by
     * {@link Ulids} from its {@code receivedAt}, or within a second of it, as ingest makes it: a time range then
     * narrows which ids are walked ({@link EventFilter#lowestId()}).
     */
    Page<EventSummary> list(TenantId tenant, EventFilter filter, PageRequest page);

    /** The event that holds {@code key} among {@code sourceId}'s idempotency keys, if one does. */
    Optional<String> idByIdempotencyKey(TenantId tenant, String sourceId, String key);
}
