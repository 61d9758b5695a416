package io.hookrelay.storage.sqlite;

import io.hookrelay.queue.AttemptRecord;
import io.hookrelay.queue.Intent;
import io.hookrelay.storage.jdbi.IntentQueries;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jdbi.v3.sqlobject.config.KeyColumn;
import org.jdbi.v3.sqlobject.config.ValueColumn;
import org.jdbi.v3.sqlobject.statement.SqlQuery;

/** {@link IntentQueries} on SQLite, where an intent is one row of {@code intents}. */
interface IntentQueryDao extends IntentQueries {

    @Override
    @SqlQuery("SELECT " + IntentDao.COLUMNS + " FROM intents WHERE id = :id")
    Optional<Intent> find(String id);

    @Override
    @SqlQuery("""
            SELECT attempt, started_at, duration_ms, outcome, error, status_code, excerpt
              FROM intent_attempts
             WHERE intent_id = :intentId
             ORDER BY attempt
            """)
    List<AttemptRecord> attempts(String intentId);

    @Override
    @SqlQuery("SELECT count(*) FROM (SELECT 1 FROM intents" + IntentDao.SELECTED + " LIMIT :atMost)")
    int countSelected(String kind, String state, String target, String namespace, long since, long before, int atMost);

    @Override
    @SqlQuery("""
            SELECT target, count(*) AS pending
              FROM (SELECT target FROM intents WHERE kind = :kind AND state = 'pending' LIMIT :atMost)
             GROUP BY target
            """)
    @KeyColumn("target")
    @ValueColumn("pending")
    Map<String, Long> countPendingByTarget(String kind, int atMost);

    @Override
    @SqlQuery("SELECT kind, count(*) AS pending FROM intents WHERE state = 'pending' GROUP BY kind")
    @KeyColumn("kind")
    @ValueColumn("pending")
    Map<String, Long> countPendingByKind();

    /** The head of a lane: its one open intent not waiting ({@link LaneDao}). */
    @Override
    @SqlQuery("""
            SELECT\s""" + IntentDao.COLUMNS + """
             FROM intents
             WHERE waiting = 0 AND fifo_key = :fifoKey AND fifo_key IS NOT NULL AND state IN ('pending', 'running')
            """)
    Optional<Intent> fifoHead(String fifoKey);

    @Override
    @SqlQuery("""
            SELECT\s""" + IntentDao.COLUMNS + """
             FROM intents
             WHERE waiting = 0 AND fifo_key IS NOT NULL AND state IN ('pending', 'running')
               AND kind = :kind AND last_error <> ''
             LIMIT :atMost
            """)
    List<Intent> failingFifoHeads(String kind, int atMost);

    /** Whether the pair is paused, being resumed or not. */
    @Override
    @SqlQuery("SELECT EXISTS (SELECT 1 FROM paused_work WHERE kind = :kind AND target = :target)")
    boolean isPaused(String kind, String target);
}
