package io.hookrelay.storage.postgres;

import io.hookrelay.storage.postgres.schema.QueueSchema;
import java.util.List;
import java.util.Optional;
import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;

/**
 * The queue's intents: their identity in {@code intents}, what changes in {@code intent_states} (see
 * {@link QueueSchema}). Times are epoch milliseconds. Batches travel as arrays, one per column, and are
 * read back with {@code unnest}, so a batch costs one statement however many rows it holds.
 *
 * <p>The hot paths' statements live in DAOs of their own ({@link EnqueueDao}, {@link ClaimDao},
 * {@link SettlementDao}): a transaction attaches its DAO anew, and attaching prepares every method the DAO
 * declares, a cost paid per transaction that grows with the DAO's size.
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
     * Logs, as {@link io.hookrelay.queue.AttemptOutcome#ABANDONED} with {@code :why}, the attempt of each row of
     * the {@code FROM} that follows (which gives {@code seq}, {@code attempts}, {@code claimed_at},
     * {@code claim_until} and {@code updated_at} as they were before the statement took the row from its claim).
     * The entry spans the claim, from when it was made to when its lease ended or {@code :now}, whichever came
     * first; rows claimed before {@code claimed_at} was kept start at their last change instead. Used as a CTE
     * of the statement that takes the rows, so the log and the change commit together.
     */
    String LOG_ABANDONED = """
            INSERT INTO intent_attempts (intent_seq, attempt, started_at, duration_ms, outcome, error, status_code, excerpt)
                SELECT seq, attempts, started, greatest(least(claim_until, :now) - started, 0), 'abandoned', :why, NULL, ''
                  FROM (SELECT seq, attempts, claim_until, CASE WHEN claimed_at > 0 THEN claimed_at ELSE updated_at END AS started
            """;

    /** {@link #LOG_ABANDONED} of the {@code running} rows of {@code old}. */
    String LOG_ABANDONED_OF_OLD = LOG_ABANDONED + """
                          FROM old WHERE state = 'running' AND attempts > 0) AS abandoned
                ON CONFLICT DO NOTHING""";

    /**
     * The rows an operator's change takes, locked, with the values it needs from before the change:
     * {@code RETURNING} sees only new ones.
     */
    String OLD = "SELECT seq, id, state, claim_token, fifo_key, attempts, claimed_at, claim_until, updated_at FROM intent_states";

    @SqlQuery("""
            WITH old AS MATERIALIZED (
                """ + OLD + """

                 WHERE seq = (SELECT seq FROM intents WHERE id = :id)
                   AND state IN ('pending', 'running', 'failed', 'cancelled')
                   FOR UPDATE),
            abandoned AS (
                """ + LOG_ABANDONED_OF_OLD + """
            )
            UPDATE intent_states
               SET state = 'pending', next_at = :now, claim_token = '', claim_until = 0, updated_at = :now,
                   waiting =\s""" + LaneDao.REJOINS_WAITING + """
            ,
                   held =\s""" + HOLDS_ROW + """

              FROM old
             WHERE intent_states.seq = old.seq
            RETURNING old.id, old.state, old.claim_token, old.fifo_key
            """)
    Optional<Taken> retryNow(String id, long now, String why);

    @SqlQuery("""
            WITH old AS MATERIALIZED (
                """ + OLD + """

                 WHERE seq = (SELECT seq FROM intents WHERE id = :id) AND state IN ('pending', 'running')
                   FOR UPDATE),
            abandoned AS (
                """ + LOG_ABANDONED_OF_OLD + """
            )
            UPDATE intent_states
               SET state = 'cancelled', claim_token = '', claim_until = 0, held = false, updated_at = :now
              FROM old
             WHERE intent_states.seq = old.seq
            RETURNING old.id, old.state, old.claim_token, old.fifo_key
            """)
    Optional<Taken> cancel(String id, long now, String why);

    /** Locks in id order, as the settlement committer does, so the two never wait on each other in a circle. */
    @SqlQuery("""
            WITH old AS MATERIALIZED (
                """ + OLD + """

                 WHERE kind = :kind AND target = :target AND state IN ('pending', 'running')
                 ORDER BY id
                   FOR UPDATE),
            abandoned AS (
                """ + LOG_ABANDONED_OF_OLD + """
            )
            UPDATE intent_states
               SET state = 'cancelled', claim_token = '', claim_until = 0, held = false, updated_at = :now
              FROM old
             WHERE intent_states.seq = old.seq
            RETURNING old.id, old.state, old.claim_token, old.fifo_key
            """)
    List<Taken> retire(String kind, String target, long now, String why);

    /** Whether the row's target is in {@code :namespace}: the part of it before its {@code /}, or {@code ''} without one. */
    String IN_NAMESPACE = ClaimDao.NAMESPACE + " = :namespace";

    /**
     * The intents a bulk retry takes; {@code :changedSince} is the smallest {@code bigint} and {@code :changedBefore}
     * the largest when the selection has no such bound. A target's namespace is what comes before its {@code /}, and
     * {@code ''} when it has none.
     */
    String SELECTED = "\n" + """
            WHERE kind = :kind AND state = :state AND updated_at >= :changedSince AND updated_at < :changedBefore
              AND (CAST(:target AS text) IS NULL OR target = :target)
              AND (CAST(:namespace AS text) IS NULL OR\s""" + IN_NAMESPACE + ")\n";

    /**
     * @return how many intents of each FIFO lane were retried, those of no lane under a null key: the lanes a
     *         concurrent change may have ended the head of after they were locked, which must advance too
     */
    @SqlQuery("""
            WITH retried AS (
                UPDATE intent_states
                   SET state = 'pending', next_at = :now, claim_token = '', claim_until = 0, updated_at = :now,
                       waiting =\s""" + LaneDao.REJOINS_WAITING + """
            ,
                       held =\s""" + HOLDS_ROW + "\n" + SELECTED + """
                RETURNING fifo_key)
            SELECT fifo_key, count(*) AS retried FROM retried GROUP BY fifo_key
            """)
    List<RetriedLane> retryAll(String kind, String state, String target, String namespace, long changedSince, long changedBefore,
            long now);

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

    /**
     * Deletes those of {@code ids} of the kind's work in the namespace, whatever their state, locked in id order as
     * {@link #deleteEnded} locks them, with their attempt logs; deliveries go with the identities. Returns what each
     * deleted row was, so the holders of running claims can be told.
     */
    @SqlQuery("""
            WITH doomed AS (
                SELECT seq, id, state, claim_token, fifo_key FROM intent_states
                 WHERE seq IN (SELECT seq FROM intents WHERE id = ANY (CAST(:ids AS text[])))
                   AND kind = :kind AND\s""" + IN_NAMESPACE + """

                 ORDER BY id
                   FOR UPDATE),
            logs AS (
                DELETE FROM intent_attempts USING doomed WHERE intent_attempts.intent_seq = doomed.seq),
            gone AS (
                DELETE FROM intent_states USING doomed WHERE intent_states.seq = doomed.seq RETURNING intent_states.id),
            identities AS (
                DELETE FROM intents USING gone WHERE intents.id = gone.id RETURNING intents.id)
            SELECT doomed.id, doomed.state, doomed.claim_token, doomed.fifo_key
              FROM doomed JOIN identities ON identities.id = doomed.id
            """)
    List<Taken> deleteInNamespace(String kind, String namespace, String[] ids);

    /** A row an operator's change took from the state it had, and the claim token it had then. */
    record RetriedLane(String fifoKey, int retried) {
    }

    /** @param fifoKey the row's FIFO lane, or null */
    record Taken(String id, String state, String claimToken, String fifoKey) {
    }
}
