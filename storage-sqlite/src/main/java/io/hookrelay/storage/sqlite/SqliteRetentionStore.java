package io.hookrelay.storage.sqlite;

import io.hookrelay.delivery.model.Delivery;
import io.hookrelay.delivery.port.EndedDeliveries;
import io.hookrelay.delivery.port.EventCandidate;
import io.hookrelay.delivery.port.EventPosition;
import io.hookrelay.delivery.port.RetentionStore;
import io.hookrelay.queue.EndedIntents;
import io.hookrelay.storage.jdbi.OldEventDao;
import io.hookrelay.storage.jdbi.RetentionBatches;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * {@link RetentionStore} on SQLite. Finding reads from the pool, so it never holds the writer; each delete is
 * one task for the database's single writer, so ingest and outcomes get their turn between batches, and
 * rows that stopped qualifying since they were found are left alone (see {@link RetentionDao}).
 */
public final class SqliteRetentionStore implements RetentionStore {
    private final SqliteRelayDatabase database;
    private final SqliteIntentStore intents;

    public SqliteRetentionStore(SqliteRelayDatabase database) {
        this.database = Objects.requireNonNull(database, "database");
        this.intents = new SqliteIntentStore(database.database());
    }

    @Override
    public List<String> endedDeliveries(EndedDeliveries group, Instant endedBefore, int limit) {
        String ended = stateCondition(group);
        long before = endedBefore.toEpochMilli();
        RetentionBatches.require(limit);
        return database.read("find ended deliveries", handle -> handle.attach(RetentionDao.class)
                .endedDeliveries(ended, Delivery.KIND, before, limit));
    }

    @Override
    public int deleteDeliveries(EndedDeliveries group, Instant endedBefore, List<String> ids) {
        String ended = stateCondition(group);
        EndedIntents intentsOfGroup = new EndedIntents(Delivery.KIND, group.states(), endedBefore);
        long before = endedBefore.toEpochMilli();
        List<String> candidates = List.copyOf(ids);
        RetentionBatches.require(candidates.size());
        return intents.write("delete ended deliveries", (handle, writes) -> {
            handle.attach(RetentionDao.class).deleteDeliveryRows(ended, candidates, Delivery.KIND, before);
            return writes.deleteEnded(intentsOfGroup, candidates);
        });
    }

    @Override
    public List<EventCandidate> eventsReceivedBefore(Instant receivedBefore, Optional<EventPosition> after, int limit) {
        RetentionBatches.require(limit);
        return database.read("find old events",
                handle -> handle.attach(OldEventDao.class).receivedBefore(receivedBefore, after, limit));
    }

    @Override
    public int deleteEvents(Instant receivedBefore, List<String> ids) {
        long before = receivedBefore.toEpochMilli();
        List<String> candidates = List.copyOf(ids);
        RetentionBatches.require(candidates.size());
        return database.write("delete old events", handle -> {
            RetentionDao retention = handle.attach(RetentionDao.class);
            retention.deleteKeys(candidates, before);
            return retention.deleteEvents(candidates, before);
        });
    }

    /**
     * The group's states as SQL, spelled exactly as the partial index of migration 4 that serves it spells
     * its condition.
     */
    static String stateCondition(EndedDeliveries group) {
        return switch (group) {
            case COMPLETED -> "state = 'completed'";
            case FAILED_OR_CANCELLED -> "state IN ('failed', 'cancelled')";
        };
    }
}
