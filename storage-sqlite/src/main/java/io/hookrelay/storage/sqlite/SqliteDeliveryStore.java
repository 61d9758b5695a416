package io.hookrelay.storage.sqlite;

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
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * {@link DeliveryStore} on SQLite: deliveries joined with the intents that hold their states. Reads come from
 * the database's pool; the bulk retry is the queue's, one transaction through the single writer.
 */
public final class SqliteDeliveryStore implements DeliveryStore {
    private final SqliteRelayDatabase database;
    private final SqliteIntentStore intents;

    public SqliteDeliveryStore(SqliteRelayDatabase database) {
        this.database = Objects.requireNonNull(database, "database");
        this.intents = new SqliteIntentStore(database.database());
    }

    @Override
    public Optional<Delivery> find(TenantId tenant, String id) {
        Objects.requireNonNull(id, "id");
        return database.read("find delivery", handle -> handle.attach(DeliveryDao.class).find(tenant.value(), id));
    }

    @Override
    public List<Delivery> forEvent(TenantId tenant, String eventId) {
        Objects.requireNonNull(eventId, "eventId");
        return database.read("list deliveries of an event",
                handle -> handle.attach(DeliveryDao.class).forEvent(tenant.value(), eventId));
    }

    @Override
    public Page<Delivery> list(TenantId tenant, DeliveryFilter filter, PageRequest page) {
        return database.read("list deliveries", handle -> {
            DeliveryDao deliveries = handle.attach(DeliveryDao.class);
            return DeliveryListing.page(tenant, filter, page, deliveries::list, deliveries::listOfTarget, deliveries::listOfEvent);
        });
    }

    @Override
    public int retryAll(TenantId tenant, BulkRetry request, Instant now) {
        IntentSelection selection = request.selection(tenant);
        Objects.requireNonNull(now, "now");
        return intents.write("retry deliveries", (handle, writes) -> writes.retryAll(selection, now));
    }

    @Override
    public int countRetryable(TenantId tenant, BulkRetry request, int atMost) {
        return intents.countSelected(request.selection(tenant), atMost);
    }

    @Override
    public Map<String, Long> countPendingByTarget(TenantId tenant, int atMost) {
        IntentStore.requireCountLimit(atMost);
        return database.read("count pending deliveries", handle -> PendingCounts.byTargetId(tenant,
                handle.attach(DeliveryDao.class).countPendingByKey(Delivery.KIND, ScopedId.namespaceOf(tenant), atMost)));
    }
}
