package io.hookrelay.storage.sqlite;

import io.hookrelay.delivery.Delivery;
import io.hookrelay.delivery.retention.EndedDeliveries;
import io.hookrelay.delivery.retention.EventCandidate;
import io.hookrelay.delivery.retention.EventPosition;
import io.hookrelay.delivery.retention.RetentionStore;
import io.hookrelay.queue.EndedIntents;
import io.hookrelay.queue.IntentState;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * {@link RetentionStore} on SQLite. Finding reads from the pool, so it never holds the writer; each delete is
 * one task for the database's single writer, so ingest and outcomes get their turn between batches, and
 * rows that stopped qualifying since they were found are left alone (see {@link RetentionDao}).
 */
public final class SqliteRetentionStore implements RetentionStore {
    /** Far above a sensible batch, and far below SQLite's limit on bound parameters in one statement. */
    static final int MAX_BATCH = 10_000;

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
        requireBatch(limit);
        return database.read("find ended deliveries", handle -> handle.attach(RetentionDao.class)
                .endedDeliveries(ended, Delivery.KIND, before, limit));
    }

    @Override
    public int deleteDeliveries(EndedDeliveries group, Instant endedBefore, List<String> ids) {
        String ended = stateCondition(group);
        EndedIntents intentsOfGroup = new EndedIntents(Delivery.KIND, states(group), endedBefore);
        long before = endedBefore.toEpochMilli();
        List<String> candidates = List.copyOf(ids);
        requireBatch(candidates.size());
        return intents.write("delete ended deliveries", (handle, writes) -> {
            handle.attach(RetentionDao.class).deleteDeliveryRows(ended, candidates, Delivery.KIND, before);
            return writes.deleteEnded(intentsOfGroup, candidates);
        });
    }

    @Override
    public List<EventCandidate> eventsReceivedBefore(Instant receivedBefore, Optional<EventPosition> after, int limit) {
        long before = receivedBefore.toEpochMilli();
        // Before any event: every stored time is after the smallest long, and every id after "".
        long afterReceivedAt = after.map(position -> position.receivedAt().toEpochMilli()).orElse(Long.MIN_VALUE);
        String afterId = after.map(EventPosition::eventId).orElse("");
        requireBatch(limit);
        return database.read("find old events", handle -> handle.attach(RetentionDao.class)
                .eventsReceivedBefore(before, afterReceivedAt, afterId, limit));
    }

    @Override
    public int deleteEvents(Instant receivedBefore, List<String> ids) {
        long before = receivedBefore.toEpochMilli();
        List<String> candidates = List.copyOf(ids);
        requireBatch(candidates.size());
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

    private static EnumSet<IntentState> states(EndedDeliveries group) {
        return switch (group) {
            case COMPLETED -> EnumSet.of(IntentState.COMPLETED);
            case FAILED_OR_CANCELLED -> EnumSet.of(IntentState.FAILED, IntentState.CANCELLED);
        };
    }

    private static void requireBatch(int size) {
        if (size < 1 || size > MAX_BATCH) {
            throw new IllegalArgumentException("a retention batch holds 1 to " + MAX_BATCH + " rows: " + size);
        }
    }
}
