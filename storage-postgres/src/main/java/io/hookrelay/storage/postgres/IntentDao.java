package io.hookrelay.storage.postgres;

import io.hookrelay.queue.ClaimRef;
import io.hookrelay.queue.Intent;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jdbi.v3.sqlobject.config.KeyColumn;
import org.jdbi.v3.sqlobject.config.ValueColumn;
import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;

/**
 * The queue's intents: their identity in {@code intents}, what changes in {@code intent_states} (see
 * {@link QueueSchema}). Times are epoch milliseconds. Batches travel as arrays, one per column, and are
 * read back with {@code unnest}, so a batch costs one statement however many rows it holds.
 */
interface IntentDao {

    String COLUMNS = """
            id, kind, event_id, target, payload, state, attempts, next_at, created_at, updated_at, last_error,
            claim_token, claim_until""";

    /**
     * Whether an intent entering an open state must be held: its pair is paused and no resume is releasing it.
     * The share lock on the pause makes a resume that is about to mark it releasing wait until the intent is
     * committed, so the resume's walk sees the intent and releases it; a statement that comes after the mark
     * sees it and leaves the intent free. {@code HOLDS_NEW} reads the pair from {@code n}, the rows being
     * inserted; {@code HOLDS_ROW} from the {@code intent_states} row being updated.
     */
    String HOLDS_NEW = """
            EXISTS (SELECT 1 FROM paused_work AS paused
                     WHERE paused.kind = n.kind AND paused.target = n.target AND NOT paused.releasing
                       FOR SHARE)""";

    /** {@code HOLDS_ROW} for a claim, which only reads the pause and must not wait on anyone's lock of it. */
    String HOLDS_ROW_UNLOCKED = """
            EXISTS (SELECT 1 FROM paused_work AS paused
                     WHERE paused.kind = intent_states.kind AND paused.target = intent_states.target AND NOT paused.releasing)""";

    String HOLDS_ROW = """
            EXISTS (SELECT 1 FROM paused_work AS paused
                     WHERE paused.kind = intent_states.kind AND paused.target = intent_states.target AND NOT paused.releasing
                       FOR SHARE)""";

    /**
     * The identities go in first, in the order given, so the first of two entries with one id or one
     * {@code (kind, eventId, target)} is the one stored; only the identities stored get a state row, from the
     * first entry with that whole identity (an earlier entry of the same id may have been refused for its
     * {@code (kind, eventId, target)}).
     *
     * @return the ids stored; the others' id or {@code (kind, eventId, target)} already existed
     */
    @SqlQuery("""
            WITH given AS (
                SELECT * FROM unnest(CAST(:ids AS text[]), CAST(:kinds AS text[]), CAST(:eventIds AS text[]),
                                     CAST(:targets AS text[]), CAST(:payloads AS text[]), CAST(:nextAts AS bigint[]))
                       WITH ORDINALITY AS given (id, kind, event_id, target, payload, next_at, position)),
            stored AS (
                INSERT INTO intents (id, kind, event_id, target)
                SELECT id, kind, event_id, target FROM given ORDER BY position
                ON CONFLICT DO NOTHING
                RETURNING seq, id, kind, event_id, target)
            INSERT INTO intent_states (seq, """ + COLUMNS + """
            , held)
            SELECT stored.seq, n.id, n.kind, n.event_id, n.target, n.payload, 'pending', 0, n.next_at, :now, :now, '',
                   '', 0,\s""" + HOLDS_NEW + """

              FROM stored
              JOIN (SELECT DISTINCT ON (id, kind, event_id, target) * FROM given
                     ORDER BY id, kind, event_id, target, position) AS n
                ON n.id = stored.id AND n.kind = stored.kind AND n.event_id = stored.event_id AND n.target = stored.target
             ORDER BY stored.seq
            RETURNING id
            """)
    List<String> insertUnlessPresent(String[] ids, String[] kinds, String[] eventIds, String[] targets,
            String[] payloads, Long[] nextAts, long now);

    @SqlQuery("SELECT id FROM intents WHERE kind = :kind AND event_id = :eventId AND target = :target")
    Optional<String> findIdOf(String kind, String eventId, String target);

    /**
     * A fresh claim token per row: 128 random bits as 32 hex digits. A version-4 UUID carries only 122 random
     * bits, so two are hashed into one; both come from PostgreSQL's strong random source, built in since 13.
     */
    String NEW_TOKEN = "md5(gen_random_uuid()::text || gen_random_uuid()::text)";

    /**
     * One statement, evaluated once, so nothing can take the same rows between choosing and taking them, and
     * concurrent claimers of other nodes skip each other's rows instead of waiting ({@code SKIP LOCKED}). Each
     * branch is limited on its own in claim order before the two are merged: the pending branch walks
     * {@code intents_due} from its start and stops after {@code :max} rows, the running branch reads only
     * leases that ended, through {@code intents_lease}. Both indexes leave out {@code held} rows, those of
     * paused work, so a paused target's backlog is never walked. The pause is still looked up for each row
     * found: an intent written while its pair was being paused may not be held yet, and must not run.
     * Rows a branch locked beyond the final {@code :max} are let go when the statement's transaction ends.
     * {@code MATERIALIZED} states what the locking clauses already imply: each CTE runs once, never as the
     * inner side of a loop that would lock and take more rows than asked for.
     */
    @SqlQuery("""
            WITH due AS MATERIALIZED (
                SELECT seq, id, next_at, created_at FROM intent_states
                 WHERE state = 'pending' AND NOT held AND next_at <= :now
                   AND NOT\s""" + HOLDS_ROW_UNLOCKED + """

                 ORDER BY next_at, created_at, id
                 LIMIT :max
                   FOR UPDATE SKIP LOCKED),
            expired AS MATERIALIZED (
                SELECT seq, id, next_at, created_at FROM intent_states
                 WHERE state = 'running' AND NOT held AND claim_until <= :now
                   AND NOT\s""" + HOLDS_ROW_UNLOCKED + """

                 ORDER BY next_at, created_at, id
                 LIMIT :max
                   FOR UPDATE SKIP LOCKED),
            picked AS MATERIALIZED (
                SELECT seq FROM (SELECT * FROM due UNION ALL SELECT * FROM expired) AS candidates
                 ORDER BY next_at, created_at, id
                 LIMIT :max)
            UPDATE intent_states
               SET state = 'running',
                   attempts = attempts + 1,
                   claim_token =\s""" + NEW_TOKEN + """
            ,
                   claim_until = :claimUntil,
                   updated_at = :now
              FROM picked
             WHERE intent_states.seq = picked.seq
            RETURNING\s""" + COLUMNS + """

            """)
    List<Intent> claim(long now, long claimUntil, int max);

    /** @return the {@code (id, token)} pairs still held, now until {@code :claimUntil} */
    @SqlQuery("""
            UPDATE intent_states SET claim_until = :claimUntil, updated_at = :now
              FROM unnest(CAST(:ids AS text[]), CAST(:tokens AS text[])) AS held (id, token)
              JOIN intents ON intents.id = held.id
             WHERE intent_states.seq = intents.seq AND intent_states.state = 'running'
               AND intent_states.claim_token = held.token
            RETURNING intent_states.id AS intent_id, intent_states.claim_token AS token
            """)
    List<ClaimRef> renewAll(String[] ids, String[] tokens, long claimUntil, long now);

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
     * of those whose fence held. Per row: the state it goes to, its next due time and error when it sets them
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
            settled AS (
                UPDATE intent_states
                   SET state = s.state,
                       next_at = coalesce(s.next_at, intent_states.next_at),
                       last_error = coalesce(s.error, intent_states.last_error),
                       attempts = intent_states.attempts - s.given_back,
                       claim_token = '', claim_until = 0, updated_at = s.now
                  FROM s
                  JOIN intents ON intents.id = s.id
                 WHERE intent_states.seq = intents.seq AND intent_states.state = 'running'
                   AND intent_states.claim_token = s.token
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

    /** Old values come from the locked row the update then changes: {@code RETURNING} sees only new ones. */
    @SqlQuery("""
            UPDATE intent_states
               SET state = 'pending', next_at = :now, claim_token = '', claim_until = 0, updated_at = :now,
                   held =\s""" + HOLDS_ROW + """

              FROM (SELECT seq, id, state, claim_token FROM intent_states
                     WHERE seq = (SELECT seq FROM intents WHERE id = :id)
                       AND state IN ('pending', 'running', 'failed', 'cancelled')
                       FOR UPDATE) AS old
             WHERE intent_states.seq = old.seq
            RETURNING old.id, old.state, old.claim_token
            """)
    Optional<Taken> retryNow(String id, long now);

    @SqlQuery("""
            UPDATE intent_states
               SET state = 'cancelled', claim_token = '', claim_until = 0, held = false, updated_at = :now
              FROM (SELECT seq, id, state, claim_token FROM intent_states
                     WHERE seq = (SELECT seq FROM intents WHERE id = :id) AND state IN ('pending', 'running')
                       FOR UPDATE) AS old
             WHERE intent_states.seq = old.seq
            RETURNING old.id, old.state, old.claim_token
            """)
    Optional<Taken> cancel(String id, long now);

    /** Locks in id order, as the settlement committer does, so the two never wait on each other in a circle. */
    @SqlQuery("""
            UPDATE intent_states
               SET state = 'cancelled', claim_token = '', claim_until = 0, held = false, updated_at = :now
              FROM (SELECT seq, id, state, claim_token FROM intent_states
                     WHERE kind = :kind AND target = :target AND state IN ('pending', 'running')
                     ORDER BY id
                       FOR UPDATE) AS old
             WHERE intent_states.seq = old.seq
            RETURNING old.id, old.state, old.claim_token
            """)
    List<Taken> retire(String kind, String target, long now);

    /** {@code :changedSince} is the smallest {@code bigint} when the selection has no such bound. */
    @SqlUpdate("""
            UPDATE intent_states
               SET state = 'pending', next_at = :now, claim_token = '', claim_until = 0, updated_at = :now,
                   held =\s""" + HOLDS_ROW + """

             WHERE kind = :kind AND state = :state AND updated_at >= :changedSince
               AND (CAST(:target AS text) IS NULL OR target = :target)
            """)
    int retryAll(String kind, String state, String target, long changedSince, long now);

    /**
     * Deletes those of {@code ids} that still qualify once their state rows are locked, in id order: their
     * attempt logs and state rows, then their identities. Deliveries go with the identities
     * ({@code ON DELETE CASCADE}).
     */
    @SqlUpdate("""
            WITH ended AS (
                SELECT seq FROM intent_states
                 WHERE seq IN (SELECT seq FROM intents WHERE id = ANY (CAST(:ids AS text[])))
                   AND kind = :kind AND state = ANY (CAST(:states AS text[])) AND updated_at < :endedBefore
                 ORDER BY id
                   FOR UPDATE),
            logs AS (
                DELETE FROM intent_attempts USING ended WHERE intent_attempts.intent_seq = ended.seq),
            gone AS (
                DELETE FROM intent_states USING ended WHERE intent_states.seq = ended.seq RETURNING intent_states.id)
            DELETE FROM intents USING gone WHERE intents.id = gone.id
            """)
    int deleteEnded(String kind, String[] states, long endedBefore, String[] ids);

    @SqlQuery("SELECT " + COLUMNS + " FROM intent_states WHERE seq = (SELECT seq FROM intents WHERE id = :id)")
    Optional<Intent> find(String id);

    @SqlQuery("SELECT kind, count(*) AS pending FROM intent_states WHERE state = 'pending' GROUP BY kind")
    @KeyColumn("kind")
    @ValueColumn("pending")
    Map<String, Long> countPendingByKind();

    /** A row an operator's change took from the state it had, and the claim token it had then. */
    record Taken(String id, String state, String claimToken) {
    }
}
