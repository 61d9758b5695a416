package io.hookrelay.storage.postgres.relay;

import io.hookrelay.delivery.model.Delivery;
import io.hookrelay.delivery.port.DeliveryStore;
import io.hookrelay.delivery.query.BulkRetry;
import io.hookrelay.delivery.query.DeliveryFilter;
import io.hookrelay.delivery.query.Page;
import io.hookrelay.delivery.query.PageRequest;
import io.hookrelay.queue.IntentSelection;
import io.hookrelay.storage.jdbi.DeliveryListing;
import io.hookrelay.storage.postgres.PostgresDatabase;
import io.hookrelay.storage.postgres.PostgresIntentStore;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * {@link DeliveryStore} on PostgreSQL: deliveries joined with the intents that hold their states. The bulk
 * retry is the queue's own operation, in one transaction.
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
    public Optional<Delivery> find(String id) {
        Objects.requireNonNull(id, "id");
        return database.read("find delivery", handle -> handles.attach(handle, DeliveryDao.class).find(id));
    }

    @Override
    public List<Delivery> forEvent(String eventId) {
        Objects.requireNonNull(eventId, "eventId");
        return database.read("list deliveries of an event",
                handle -> handles.attach(handle, DeliveryDao.class).forEvent(eventId));
    }

    @Override
    public Page<Delivery> list(DeliveryFilter filter, PageRequest page) {
        return database.read("list deliveries", handle -> {
            DeliveryDao deliveries = handles.attach(handle, DeliveryDao.class);
            return DeliveryListing.page(filter, page, deliveries::list, deliveries::listOfTarget, deliveries::listOfEvent);
        });
    }

    @Override
    public int retryAll(BulkRetry request, Instant now) {
        Objects.requireNonNull(now, "now");
        IntentSelection selection = request.selection();
        // Through a transaction of the store's, so this node's workers are told as well as the other nodes'.
        return intents.inTransaction("retry deliveries", (handle, writes) -> writes.retryAll(selection, now));
    }

    @Override
    public int countRetryable(BulkRetry request, int atMost) {
        return intents.countSelected(request.selection(), atMost);
    }
}
