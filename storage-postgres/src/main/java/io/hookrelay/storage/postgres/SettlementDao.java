package io.hookrelay.storage.postgres;

import java.util.List;
import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;

/** The settlements' statements, apart from the others for the reason {@link IntentDao} gives. */
interface SettlementDao {

    /**
     * Plans the rest of the transaction's statements for their own values. A prepared statement's generic plan
     * is made a few executions after its connection opened and then kept; for a young queue that is while
     * {@code intents} holds a few pages, so a batch's join of its ids to {@code intents} stays a hash join over a
     * sequential scan of it as it grows. The claim keeps its generic plan, which walks {@code intents_due}.
     */
    @SqlUpdate("SET LOCAL plan_cache_mode = force_custom_plan")
    void planForValues();

    /**
     * Several claims' settlements in one statement, each fenced by its own token, with the attempt-log entries
     * of those whose fence held. The rows are locked in id order first, for the reason {@link ClaimDao#renewAll}
     * gives. Per row: the state it goes to, its next due time and error when it sets them
     * (null keeps the row's), how many attempts it gives back (a snooze gives back its claim's), and its log
     * entry, whose attempt number is null when it has none.
     *
     * @return the ids whose fence held, each with whether its entry was logged (or had none to log); an entry
     *         is refused when its intent already has one with that attempt number
     */
    @SqlQuery("""
            WITH s AS (
                SELECT * FROM unnest(CAST(:ids AS text[]), CAST(:tokens AS text[]), CAST(:states AS text[]),
                                     CAST(:nextAts AS bigint[]), CAST(:errors AS text[]), CAST(:givenBack AS int[]),
                                     CAST(:nows AS bigint[]), CAST(:attempts AS int[]), CAST(:startedAts AS bigint[]),
                                     CAST(:durations AS bigint[]), CAST(:outcomes AS text[]), CAST(:logErrors AS text[]),
                                     CAST(:statusCodes AS int[]), CAST(:excerpts AS text[]))
                       AS s (id, token, state, next_at, error, given_back, now, attempt, started_at, duration_ms,
                             outcome, log_error, status_code, excerpt)),
            fenced AS MATERIALIZED (
                SELECT intent_states.seq, s.* FROM s
                  JOIN intents ON intents.id = s.id
                  JOIN intent_states ON intent_states.seq = intents.seq
                 WHERE intent_states.state = 'running' AND intent_states.claim_token = s.token
                 ORDER BY intent_states.id
                   FOR UPDATE OF intent_states),
            settled AS (
                UPDATE intent_states
                   SET state = fenced.state,
                       next_at = coalesce(fenced.next_at, intent_states.next_at),
                       last_error = coalesce(fenced.error, intent_states.last_error),
                       attempts = intent_states.attempts - fenced.given_back,
                       claim_token = '', claim_until = 0, updated_at = fenced.now
                  FROM fenced
                 WHERE intent_states.seq = fenced.seq
                RETURNING intent_states.seq, intent_states.id),
            logged AS (
                INSERT INTO intent_attempts (intent_seq, attempt, started_at, duration_ms, outcome, error, status_code,
                                             excerpt)
                SELECT settled.seq, s.attempt, s.started_at, s.duration_ms, s.outcome, s.log_error, s.status_code,
                       s.excerpt
                  FROM settled JOIN s ON s.id = settled.id
                 WHERE s.attempt IS NOT NULL
                ON CONFLICT DO NOTHING
                RETURNING intent_seq)
            SELECT settled.id, s.attempt IS NULL OR logged.intent_seq IS NOT NULL AS logged
              FROM settled
              JOIN s ON s.id = settled.id
              LEFT JOIN logged ON logged.intent_seq = settled.seq
            """)
    List<Settled> settleAll(String[] ids, String[] tokens, String[] states, Long[] nextAts, String[] errors,
            Integer[] givenBack, Long[] nows, Integer[] attempts, Long[] startedAts, Long[] durations, String[] outcomes,
            String[] logErrors, Integer[] statusCodes, String[] excerpts);

    /** A settlement whose fence held, and whether its attempt-log entry, if it had one, was written. */
    record Settled(String id, boolean logged) {
    }
}
