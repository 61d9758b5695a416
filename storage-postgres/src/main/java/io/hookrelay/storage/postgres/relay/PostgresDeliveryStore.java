package io.hookrelay.storage.postgres.relay;

import io.hookrelay.delivery.model.Delivery;
import io.hookrelay.delivery.model.ScopedId;
import io.hookrelay.delivery.model.TenantId;
import io.hookrelay.delivery.port.DeliveryStore;
import io.hookrelay.delivery.query.BulkRetry;
import io.hookrelay.delivery.query.DeliveryFilter;
import io.hookrelay.delivery.query.Page;
import io.hookrelay.delivery.query.PageRequest;
import io.hookrelay.queue.IntentSelection;
import io.hookrelay.queue.IntentStore;
import io.hookrelay.storage.jdbi.DeliveryListing;
import io.hookrelay.storage.jdbi.PendingCounts;
import io.hookrelay.storage.postgres.PostgresDatabase;
import io.hookrelay.storage.postgres.PostgresIntentStore;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * {@link DeliveryStore} on PostgreSQL: deliveries joined with the intents that hold their states. The bulk
 * retry is the queue's own operation, in one transaction. It and the pending counts take a tenant's intents by the
 * namespace of their target keys ({@link ScopedId#namespaceOf}): the queue's indexes find intents by kind and state,
 * and the namespace is checked on each they find.
 */
public final class PostgresDeliveryStore implements DeliveryStore {
    private final PostgresDatabase database;
    private final PostgresIntentStore intents;
    private final RelayHandles handles;

    PostgresDeliveryStore(PostgresDatabase database, PostgresIntentStore intents, RelayHandles handles) {
        this.database = database;
        this.intents = intents;
        this.handles = handles;
    }

    @Override
    public Optional<Delivery> find(TenantId tenant, String id) {
        Objects.requireNonNull(id, "id");
        return database.read("find delivery", handle -> handles.attach(handle, DeliveryDao.class).find(tenant.value(), id));
    }

    @Override
    public List<Delivery> forEvent(TenantId tenant, String eventId) {
        Objects.requireNonNull(eventId, "eventId");
        return database.read("list deliveries of an event",
                handle -> handles.attach(handle, DeliveryDao.class).forEvent(tenant.value(), eventId));
    }

    @Override
    public Page<Delivery> list(TenantId tenant, DeliveryFilter filter, PageRequest page) {
        return database.read("list deliveries", handle -> {
            DeliveryDao deliveries = handles.attach(handle, DeliveryDao.class);
            return DeliveryListing.page(tenant, filter, page, deliveries::list, deliveries::listOfTarget,
                    deliveries::listOfEvent);
        });
    }

    @Override
    public int retryAll(TenantId tenant, BulkRetry request, Instant now) {
        Objects.requireNonNull(now, "now");
        IntentSelection selection = request.selection(tenant);
        // Through a transaction of the store's, so this node's workers are told as well as the other nodes'.
        return intents.inTransaction("retry deliveries", (handle, writes) -> writes.retryAll(selection, now));
    }

    @Override
    public int countRetryable(TenantId tenant, BulkRetry request, int atMost) {
        return intents.countSelected(request.selection(tenant), atMost);
    }

    @Override
    public Map<String, Long> countPendingByTarget(TenantId tenant, int atMost) {
        IntentStore.requireCountLimit(atMost);
        return database.read("count pending deliveries", handle -> PendingCounts.byTargetId(tenant,
                handles.attach(handle, DeliveryDao.class).countPendingByKey(Delivery.KIND, ScopedId.namespaceOf(tenant), atMost)));
    }
}
