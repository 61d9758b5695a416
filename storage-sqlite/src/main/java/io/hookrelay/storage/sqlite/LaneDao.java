package io.hookrelay.storage.sqlite;

import java.util.List;
import java.util.Optional;
import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;

/**
 * FIFO lanes: intents sharing a {@code fifo_key}, of which only the head, the one open intent whose
 * {@code waiting} is 0, can be claimed. Every write that adds an open intent to a lane adds it waiting and
 * every write that may end or add one then {@link #advance}s the lane, so the rule lives in one statement. The
 * single writer keeps two of those from interleaving. The repeated state conditions are {@code intents_lanes}'s
 * own, which SQLite needs to see before it uses that partial index.
 */
interface LaneDao {

    /** Whether the row being written, of lane {@code :fifoKey}, enters it behind the others. */
    String JOINS_WAITING = "CASE WHEN :fifoKey IS NULL THEN 0 ELSE 1 END";

    /** Its place: after every intent the lane ever had that is still stored. */
    String NEXT_SEQ = """
            CASE WHEN :fifoKey IS NULL THEN NULL
                 ELSE (SELECT coalesce(max(fifo_seq), 0) + 1 FROM intents WHERE fifo_key = :fifoKey) END""";

    /**
     * What {@code waiting} becomes when an operator makes a row pending: one that had ended rejoins its lane
     * behind the current head, which may be running; an open one keeps its place.
     */
    String REJOINS_WAITING = "CASE WHEN state IN ('failed', 'cancelled') AND fifo_key IS NOT NULL THEN 1 ELSE waiting END";

    /**
     * Makes the lane's earliest waiting intent its head, unless it has one: two seeks into {@code intents_lanes},
     * however long the lane's history or backlog.
     */
    String ADVANCE = """
            UPDATE intents SET waiting = 0
             WHERE rowid = (SELECT rowid FROM intents
                             WHERE waiting = 1 AND fifo_key = :fifoKey AND fifo_key IS NOT NULL
                               AND state IN ('pending', 'running')
                             ORDER BY fifo_seq
                             LIMIT 1)
               AND NOT EXISTS (SELECT 1 FROM intents
                                WHERE waiting = 0 AND fifo_key = :fifoKey AND fifo_key IS NOT NULL
                                  AND state IN ('pending', 'running'))
            """;

    @SqlUpdate(ADVANCE)
    int advance(String fifoKey);

    @SqlQuery("SELECT fifo_key FROM intents WHERE id = :id AND fifo_key IS NOT NULL")
    Optional<String> laneOf(String id);

    @SqlQuery("""
            SELECT DISTINCT fifo_key FROM intents
             WHERE kind = :kind AND target = :target AND state IN ('pending', 'running') AND fifo_key IS NOT NULL
            """)
    List<String> openLanesOf(String kind, String target);

    @SqlQuery("SELECT DISTINCT fifo_key FROM intents" + IntentDao.SELECTED + " AND fifo_key IS NOT NULL")
    List<String> lanesSelected(String kind, String state, String target, String namespace, long since, long before);
}
