package io.hookrelay.storage.sqlite;

import java.util.List;
import org.jdbi.v3.sqlobject.customizer.BindList;
import org.jdbi.v3.sqlobject.customizer.Define;
import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;

/**
 * What retention finds and deletes. Times are epoch milliseconds.
 *
 * <p>Every delete repeats, in its own statement, the condition the rows were found by: finding is a plain
 * read, and between it and the delete an operator may have retried a delivery or replayed an event. A row
 * that no longer meets the condition is left alone.
 */
interface RetentionDao {

    /**
     * A delivery's intent that has ended long enough ago. {@code <ended>} is one of the fixed state
     * conditions of {@link SqliteRetentionStore}, never input: it is written into the statement because
     * SQLite uses a partial index only when the query repeats the index's own condition, which a bound
     * parameter cannot do.
     */
    String ENDED = "kind = :kind AND <ended> AND updated_at < :endedBefore";

    /**
     * {@link #ENDED} as a check on rows a delete reaches by id. The unary {@code +} keeps SQLite from using
     * these terms to walk the age index, which it would otherwise judge cheaper than looking the ids up, and
     * which would read every ended row to delete one batch.
     */
    String STILL_ENDED = "+kind = :kind AND <ended> AND +updated_at < :endedBefore";

    /** An event old enough that has no delivery left, as a check on events reached by id (see {@link #STILL_ENDED}). */
    String STILL_SETTLED = """
            +received_at < :receivedBefore
            AND NOT EXISTS (SELECT 1 FROM deliveries WHERE deliveries.event_id = events.id)""";

    /** Walks {@code intents_completed} or {@code intents_given_up} from the oldest. */
    @SqlQuery("SELECT id FROM intents WHERE " + ENDED + " ORDER BY updated_at LIMIT :limit")
    List<String> endedDeliveries(@Define("ended") String ended, String kind, long endedBefore, int limit);

    /** The delivery rows go first: they reference the intents, which the queue's own writes then delete. */
    @SqlUpdate("""
            DELETE FROM deliveries
             WHERE id IN (<ids>)
               AND EXISTS (SELECT 1 FROM intents WHERE intents.id = deliveries.id AND\s""" + STILL_ENDED + ")")
    int deleteDeliveryRows(@Define("ended") String ended, @BindList("ids") List<String> ids, String kind,
            long endedBefore);

    /** The keys go first: they reference the events. */
    @SqlUpdate("""
            DELETE FROM idempotency_keys
             WHERE event_id IN (<ids>)
               AND EXISTS (SELECT 1 FROM events WHERE events.id = idempotency_keys.event_id AND\s""" + STILL_SETTLED + ")")
    int deleteKeys(@BindList("ids") List<String> ids, long receivedBefore);

    @SqlUpdate("DELETE FROM events WHERE id IN (<ids>) AND " + STILL_SETTLED)
    int deleteEvents(@BindList("ids") List<String> ids, long receivedBefore);
}
