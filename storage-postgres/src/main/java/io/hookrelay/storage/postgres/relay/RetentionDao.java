package io.hookrelay.storage.postgres.relay;

import java.util.List;
import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;

/**
 * What retention finds, and the events it deletes (the queue deletes deliveries' intents, and their rows go
 * with them). Times are epoch milliseconds.
 *
 * <p>The state conditions are written out, one method per group, as the partial indexes {@code intents_completed}
 * and {@code intents_given_up} spell them: the planner uses a partial index only for a query whose condition
 * implies the index's, which a bound parameter cannot show.
 */
interface RetentionDao {

    /** Walks {@code intents_completed} from the oldest. */
    @SqlQuery("""
            SELECT id FROM intent_states
             WHERE kind = :kind AND state = 'completed' AND updated_at < :endedBefore
             ORDER BY updated_at
             LIMIT :limit
            """)
    List<String> completed(String kind, long endedBefore, int limit);

    /** Walks {@code intents_given_up} from the oldest. */
    @SqlQuery("""
            SELECT id FROM intent_states
             WHERE kind = :kind AND state IN ('failed', 'cancelled') AND updated_at < :endedBefore
             ORDER BY updated_at
             LIMIT :limit
            """)
    List<String> givenUp(String kind, long endedBefore, int limit);

    /**
     * Locks those of {@code ids} still old enough until the transaction ends: a replay adding deliveries to
     * one of them, on any node, is waited for (and waits in turn), so the delete that follows sees its
     * deliveries and a replay never adds deliveries to a deleted event. Sweeps on two nodes take the locks in
     * one order, so they never deadlock; the second finds the first's deletions gone.
     */
    @SqlQuery("SELECT id FROM events WHERE id = ANY(:ids) AND received_at < :receivedBefore ORDER BY id FOR UPDATE")
    List<String> lockOld(String[] ids, long receivedBefore);

    /**
     * A statement of its own after {@link #lockOld}, so it sees every delivery committed while the locks were
     * awaited. Their idempotency keys go with them ({@code ON DELETE CASCADE}).
     */
    @SqlUpdate("""
            DELETE FROM events
             WHERE id = ANY(:ids)
               AND NOT EXISTS (SELECT 1 FROM deliveries WHERE deliveries.event_id = events.id)
            """)
    int deleteWithoutDeliveries(String[] ids);
}
