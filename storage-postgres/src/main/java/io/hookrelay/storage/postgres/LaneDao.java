package io.hookrelay.storage.postgres;

import java.util.List;
import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;

/**
 * FIFO lanes: intents sharing a {@code fifo_key}, of which only the head, the one open intent not
 * {@code waiting}, can be claimed; order within a lane is {@code seq}. Every write that may add, end or reopen
 * an intent of a lane first takes the lane's transaction lock, then writes, then {@link #advance}s it: with the
 * lock, two enqueues into one lane cannot both find it empty and both become heads, and an enqueue cannot land
 * unseen behind a head that is ending, which would leave it waiting for good. It also makes a lane's
 * {@code seq}s follow the order its enqueues committed in. Locks are taken in one order, that of the keys'
 * hashes, before any row of the transaction is written, so two writers never wait on each other in a circle.
 * The repeated state conditions are {@code intents_lanes}'s own.
 */
interface LaneDao {

    /**
     * Wraps a query of {@code fifo_key}s (selected {@code FROM} what follows it, up to {@link #LOCKED}) so the
     * statement locks each distinct lane among them, in the order of their hashes, and answers them.
     */
    String LOCKING = """
            SELECT fifo_key FROM (
                SELECT fifo_key, pg_advisory_xact_lock(lane) FROM (
                    SELECT DISTINCT fifo_key, hashtextextended(fifo_key, 0) AS lane
                      FROM\s""";

    /** Closes {@link #LOCKING}, leaving out rows of no lane. */
    String LOCKED = """

                       AND fifo_key IS NOT NULL
                     ORDER BY lane) AS lanes) AS locked
            """;

    /** Locks the lanes named; answers them. */
    @SqlQuery(LOCKING + "unnest(CAST(:fifoKeys AS text[])) AS given (fifo_key) WHERE true" + LOCKED)
    List<String> lock(String[] fifoKeys);

    /** Locks the lanes of the intents named, as {@link #lock} does; answers them. */
    @SqlQuery(LOCKING + "intent_states WHERE seq IN (SELECT seq FROM intents WHERE id = ANY (CAST(:ids AS text[])))"
            + LOCKED)
    List<String> lockLanesOf(String[] ids);

    /** Locks the lanes of the pair's open intents, as {@link #lock} does; answers them. */
    @SqlQuery(LOCKING + "intent_states WHERE kind = :kind AND target = :target AND state IN ('pending', 'running')" + LOCKED)
    List<String> lockOpenLanesOf(String kind, String target);

    /** Locks the lanes of the intents a bulk retry selects ({@link IntentDao#SELECTED}); answers them. */
    @SqlQuery(LOCKING + "intent_states" + IntentDao.SELECTED + LOCKED)
    List<String> lockLanesSelected(String kind, String state, String target, String namespace, long changedSince,
            long changedBefore);

    /**
     * What {@code waiting} becomes when an operator makes a row pending: one that had ended rejoins its lane
     * behind the current head, which may be running; an open one keeps its place.
     */
    String REJOINS_WAITING = """
            CASE WHEN intent_states.state IN ('failed', 'cancelled') AND intent_states.fifo_key IS NOT NULL THEN true
                 ELSE intent_states.waiting END""";

    /**
     * Makes each locked lane's earliest waiting intent its head, unless it has one: two seeks into
     * {@code intents_lanes} per lane.
     *
     * @return how many lanes got a new head
     */
    @SqlUpdate("""
            UPDATE intent_states SET waiting = false
             WHERE seq IN (
                   SELECT (SELECT next.seq FROM intent_states AS next
                            WHERE next.waiting AND next.fifo_key = lane.fifo_key AND next.fifo_key IS NOT NULL
                              AND next.state IN ('pending', 'running')
                            ORDER BY next.seq
                            LIMIT 1)
                     FROM unnest(CAST(:fifoKeys AS text[])) AS lane (fifo_key)
                    WHERE NOT EXISTS (SELECT 1 FROM intent_states AS head
                                       WHERE NOT head.waiting AND head.fifo_key = lane.fifo_key
                                         AND head.fifo_key IS NOT NULL AND head.state IN ('pending', 'running')))
            """)
    int advance(String[] fifoKeys);
}
