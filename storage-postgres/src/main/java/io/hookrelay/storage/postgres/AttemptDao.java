package io.hookrelay.storage.postgres;

import io.hookrelay.queue.AttemptRecord;
import java.util.List;
import org.jdbi.v3.sqlobject.statement.SqlQuery;

/**
 * The {@code intent_attempts} table, the attempt log, keyed by the intents' {@code seq} (see
 * {@link QueueSchema}) and found by id through {@code intents}. Times are epoch milliseconds.
 */
interface AttemptDao {

    /** @return the intents whose entry was logged; the others already had one with that attempt number */
    @SqlQuery("""
            WITH written AS (
                INSERT INTO intent_attempts (intent_seq, attempt, started_at, duration_ms, outcome, error, status_code,
                                             excerpt)
                SELECT intents.seq, entry.attempt, entry.started_at, entry.duration_ms, entry.outcome, entry.error,
                       entry.status_code, entry.excerpt
                  FROM unnest(CAST(:intentIds AS text[]), CAST(:attempts AS int[]), CAST(:startedAts AS bigint[]),
                              CAST(:durations AS bigint[]), CAST(:outcomes AS text[]), CAST(:errors AS text[]),
                              CAST(:statusCodes AS int[]), CAST(:excerpts AS text[]))
                       AS entry (intent_id, attempt, started_at, duration_ms, outcome, error, status_code, excerpt)
                  JOIN intents ON intents.id = entry.intent_id
                ON CONFLICT DO NOTHING
                RETURNING intent_seq)
            SELECT intents.id FROM written JOIN intents ON intents.seq = written.intent_seq
            """)
    List<String> insertAll(String[] intentIds, Integer[] attempts, Long[] startedAts, Long[] durations, String[] outcomes,
            String[] errors, Integer[] statusCodes, String[] excerpts);

    /** Attempt numbers only grow, so their order is the order the attempts ran in. */
    @SqlQuery("""
            SELECT attempt, started_at, duration_ms, outcome, error, status_code, excerpt
              FROM intent_attempts
             WHERE intent_seq = (SELECT seq FROM intents WHERE id = :intentId)
             ORDER BY attempt
            """)
    List<AttemptRecord> ofIntent(String intentId);
}
