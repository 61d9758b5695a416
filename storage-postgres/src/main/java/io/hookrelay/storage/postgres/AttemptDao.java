package io.hookrelay.storage.postgres;

import io.hookrelay.queue.AttemptRecord;
import java.util.List;
import org.jdbi.v3.sqlobject.statement.SqlQuery;

/**
 * The {@code intent_attempts} table, the attempt log, keyed by the intents' {@code seq} (see
 * {@link QueueSchema}) and found by id through {@code intents}. Times are epoch milliseconds.
 */
interface AttemptDao {

    /** Attempt numbers only grow, so their order is the order the attempts ran in. */
    @SqlQuery("""
            SELECT attempt, started_at, duration_ms, outcome, error, status_code, excerpt
              FROM intent_attempts
             WHERE intent_seq = (SELECT seq FROM intents WHERE id = :intentId)
             ORDER BY attempt
            """)
    List<AttemptRecord> ofIntent(String intentId);
}
