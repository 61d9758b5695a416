package io.hookrelay.storage.postgres.relay;

import io.hookrelay.delivery.model.Delivery;
import io.hookrelay.delivery.port.EndedDeliveries;
import io.hookrelay.delivery.port.EventCandidate;
import io.hookrelay.delivery.port.EventPosition;
import io.hookrelay.delivery.port.RetentionStore;
import io.hookrelay.queue.EndedIntents;
import io.hookrelay.storage.jdbi.OldEventDao;
import io.hookrelay.storage.jdbi.RetentionBatches;
import io.hookrelay.storage.postgres.PostgresDatabase;
import io.hookrelay.storage.postgres.PostgresIntentStore;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * {@link RetentionStore} on PostgreSQL. Finding is a plain read; deleting deliveries is the queue's own
 * operation, which deletes only intents that still qualify (their delivery rows go with them); deleting
 * events locks them first (see {@link RetentionDao#lockOld}). Sweeps may run on every node at once: they
 * delete each row once, and the others find it gone.
 */
public final class PostgresRetentionStore implements RetentionStore {
    private final PostgresDatabase database;
    private final PostgresIntentStore intents;
    private final RelayHandles handles;

    PostgresRetentionStore(PostgresDatabase database, PostgresIntentStore intents, RelayHandles handles) {
        this.database = database;
        this.intents = intents;
        this.handles = handles;
    }

    @Override
    public List<String> endedDeliveries(EndedDeliveries group, Instant endedBefore, int limit) {
        long before = endedBefore.toEpochMilli();
        RetentionBatches.require(limit);
        return database.read("find ended deliveries", handle -> {
            RetentionDao retention = handles.attach(handle, RetentionDao.class);
            return switch (group) {
                case COMPLETED -> retention.completed(Delivery.KIND, before, limit);
                case FAILED_OR_CANCELLED -> retention.givenUp(Delivery.KIND, before, limit);
            };
        });
    }

    @Override
    public int deleteDeliveries(EndedDeliveries group, Instant endedBefore, List<String> ids) {
        EndedIntents which = new EndedIntents(Delivery.KIND, group.states(), endedBefore);
        List<String> candidates = List.copyOf(ids);
        RetentionBatches.require(candidates.size());
        return intents.deleteEnded(which, candidates);
    }

    @Override
    public List<EventCandidate> eventsReceivedBefore(Instant receivedBefore, Optional<EventPosition> after, int limit) {
        RetentionBatches.require(limit);
        return database.read("find old events",
                handle -> handles.attach(handle, OldEventDao.class).receivedBefore(receivedBefore, after, limit));
    }

    @Override
    public int deleteEvents(Instant receivedBefore, List<String> ids) {
        long before = receivedBefore.toEpochMilli();
        String[] candidates = List.copyOf(ids).toArray(String[]::new);
        RetentionBatches.require(candidates.length);
        return database.transaction("delete old events", handle -> {
            RetentionDao retention = handles.attach(handle, RetentionDao.class);
            String[] locked = retention.lockOld(candidates, before).toArray(String[]::new);
            return locked.length == 0 ? 0 : retention.deleteWithoutDeliveries(locked);
        });
    }
}
