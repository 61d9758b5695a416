package io.hookrelay.storage.sqlite;

import io.hookrelay.queue.ClaimRef;
import io.hookrelay.queue.Intent;
import java.util.List;
import java.util.Optional;
import org.jdbi.v3.sqlobject.customizer.BindList;
import org.jdbi.v3.sqlobject.customizer.BindMethods;
import org.jdbi.v3.sqlobject.customizer.Define;
import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;

/** The {@code intents} table. Times are epoch milliseconds. */
interface IntentDao {

    String COLUMNS = """
            id, kind, event_id, target, payload, state, attempts, next_at, created_at, updated_at, last_error,
            claim_token, claim_until""";

    /** What every write after a claim carries: the row changes only while that claim is current. */
    String FENCE = "WHERE id = :claim.intentId AND state = 'running' AND claim_token = :claim.token";

    /**
     * Whether a row's {@code (kind, target)} is paused and not being resumed ({@link PauseDao#HOLDS}), for the
     * statements that make a row pending from an ended state. Pause and resume set {@code held} only on rows
     * that are pending or running then, so a row joining those states later must look it up itself.
     */
    String HELD = """
            EXISTS (SELECT 1 FROM paused_work AS paused
                     WHERE paused.kind = intents.kind AND paused.target = intents.target AND paused.releasing = 0)""";

    /**
     * The rows a claim takes, chosen inside its one statement, so nothing can take them between choosing and
     * taking. Each branch is
     * limited on its own, in claim order, before the two are merged: the pending branch walks the
     * {@code intents_due} index from its start and stops after {@code :max} claimable rows instead of
     * sorting every due row, and the running branch reads only leases that ended, through
     * {@code intents_lease}. Both indexes leave out {@code held} rows, those of paused work, and
     * {@code intents_due} the rows waiting behind their FIFO lane's head (a head is never waiting), so a paused
     * target's or a blocked lane's backlog is never walked: skipping it row by row made every claim, and with it every write
     * queued behind it, cost as much as that backlog. The chosen rows are updated by rowid, which the
     * indexes carry: finding them by id would read a page of the id index per row, and ids are hashes, so in
     * a large backlog those pages are scattered and seldom cached. {@code randomblob} is evaluated per row,
     * so each claim gets its own 128-bit token.
     */
    String PICKED = """
            SELECT row FROM (
                SELECT * FROM (
                    SELECT rowid AS row, next_at, created_at, id FROM intents
                     WHERE state = 'pending' AND held = 0 AND waiting = 0 AND next_at <= :now
                     ORDER BY next_at, created_at, id
                     LIMIT :max)
                UNION ALL
                SELECT * FROM (
                    SELECT rowid AS row, next_at, created_at, id FROM intents
                     WHERE state = 'running' AND held = 0 AND claim_until <= :now
                     ORDER BY next_at, created_at, id
                     LIMIT :max))
             ORDER BY next_at, created_at, id
             LIMIT :max""";

    /** What a claim makes of each row it takes; the condition that picks them follows. */
    String CLAIM_SET = """
            UPDATE intents
               SET state = 'running',
                   attempts = attempts + 1,
                   claim_token = lower(hex(randomblob(16))),
                   claim_until = :claimUntil,
                   claimed_at = :now,
                   updated_at = :now
             WHERE\s""";

    String CLAIM = CLAIM_SET + "rowid IN (" + PICKED + ") RETURNING " + COLUMNS;

    /** When the current claim of a row was made; rows claimed before {@code claimed_at} was kept give their last change. */
    String CLAIMED_AT = "CASE WHEN claimed_at > 0 THEN claimed_at ELSE updated_at END";

    /**
     * Logs the attempt of each {@code running} row the condition that follows selects as
     * {@link io.hookrelay.queue.AttemptOutcome#ABANDONED}, with {@code :why}; run just before the statement that
     * takes those rows from their claims. The entry spans the claim, from when it was made to when its lease
     * ended or {@code :now}, whichever came first. An attempt already logged is left alone.
     */
    String LOG_ABANDONED = """
            INSERT OR IGNORE INTO intent_attempts (intent_id, attempt, started_at, duration_ms, outcome, error, status_code,
                                                   excerpt)
            SELECT id, attempts,\s""" + CLAIMED_AT + ", max(min(claim_until, :now) - " + CLAIMED_AT + """
            , 0), 'abandoned', :why, NULL, ''
              FROM intents
             WHERE state = 'running' AND attempts > 0 AND\s""";

    /** Whether a claim now would take any intent over from a lease that ended, through {@code intents_lease}. */
    String ANY_LEASE_ENDED = "SELECT EXISTS (SELECT 1 FROM intents WHERE state = 'running' AND held = 0 AND claim_until <= :now)";

    @SqlQuery(ANY_LEASE_ENDED)
    boolean anyLeaseEnded(long now);

    /** Logs the attempts {@link #claim} with the same arguments is about to take over. */
    @SqlUpdate(LOG_ABANDONED + "rowid IN (" + PICKED + ")")
    int logAbandonedByClaim(long now, int max, String why);

    /** Logs the attempt {@link #retryNow} or {@link #cancel} of intent {@code id} is about to cut off. */
    @SqlUpdate(LOG_ABANDONED + "id = :id")
    int logAbandoned(String id, long now, String why);

    /** Logs the attempts {@link #retire} of the pair is about to cut off, found through {@code intents_of_work}. */
    @SqlUpdate(LOG_ABANDONED + "kind = :kind AND target = :target AND state IN ('pending', 'running')")
    int logAbandonedOfPair(String kind, String target, long now, String why);

    /** Logs the attempts {@link #releaseAllClaims} is about to cut off. */
    @SqlUpdate(LOG_ABANDONED + "true")
    int logAllAbandoned(long now, String why);

    /** @return 1 when stored, 0 when the id or the {@code (kind, eventId, target)} already exists */
    @SqlUpdate("""
            INSERT INTO intents (""" + COLUMNS + """
            , held, fifo_key, fifo_seq, waiting)
            VALUES (:id, :kind, :eventId, :target, :payload, 'pending', 0, :nextAt, :now, :now, '', '', 0,
                    """ + PauseDao.HOLDS + ", :fifoKey, " + LaneDao.NEXT_SEQ + ", " + LaneDao.JOINS_WAITING + """
            )
            ON CONFLICT DO NOTHING
            """)
    int insertUnlessPresent(String id, String kind, String eventId, String target, String payload, long nextAt,
            long now, String fifoKey);

    @SqlQuery("SELECT id FROM intents WHERE kind = :kind AND event_id = :eventId AND target = :target")
    Optional<String> findIdOf(String kind, String eventId, String target);

    @SqlQuery(CLAIM)
    List<Intent> claim(long now, long claimUntil, int max);

    /**
     * The part of a target before its first {@code /}, {@code ''} when it has none: the first column of
     * {@code intents_due_in_namespace}, which a statement uses only where it spells the expression the same way.
     */
    String NAMESPACE = "CASE instr(target, '/') WHEN 0 THEN '' ELSE substr(target, 1, instr(target, '/') - 1) END";

    String CLAIMABLE = "state = 'pending' AND held = 0 AND waiting = 0";

    /** Whether more intents are due than a claim of {@code :max} takes, walking no more than one past them. */
    @SqlQuery("SELECT count(*) > :max FROM (SELECT 1 FROM intents WHERE " + CLAIMABLE + " AND next_at <= :now LIMIT :max + 1)")
    boolean moreDueThan(long now, int max);

    /**
     * The namespaces with due work, ascending, for a claim shared out as {@link io.hookrelay.queue.FairShare} says,
     * found by skipping from one namespace of pending work to the next in {@code intents_due_in_namespace} rather
     * than reading their rows: a namespace's backlog costs one look-up, however long it is.
     * No more than {@code :most} namespaces of pending work are looked at. Each step is bounded below, the first
     * by {@code ''}: without a bound, SQLite finds the least value of an indexed expression by reading the whole
     * index.
     */
    @SqlQuery("""
            WITH RECURSIVE pending_in (name, n) AS (
                SELECT (SELECT min(""" + NAMESPACE + ") FROM intents WHERE " + CLAIMABLE + " AND " + NAMESPACE + """
             >= ''), 1
                UNION ALL
                SELECT (SELECT min(""" + NAMESPACE + ") FROM intents WHERE " + CLAIMABLE + " AND " + NAMESPACE + """
             > pending_in.name), n + 1
                  FROM pending_in
                 WHERE pending_in.name IS NOT NULL AND n < :most)
            SELECT name FROM pending_in
             WHERE name IS NOT NULL
               AND (SELECT min(next_at) FROM intents WHERE\s""" + CLAIMABLE + " AND " + NAMESPACE + """
             = pending_in.name) <= :now
             ORDER BY name
            """)
    List<String> dueNamespaces(long now, int most);

    /** The rows of up to {@code :each} of the namespace's due intents, oldest first. */
    @SqlQuery("SELECT rowid FROM intents WHERE " + CLAIMABLE + " AND " + NAMESPACE + """
             = :namespace AND next_at <= :now
             ORDER BY next_at, created_at, id
             LIMIT :each
            """)
    List<Long> oldestDue(String namespace, long now, int each);

    /** The rows a claim of {@code :max} in plain due order would take ({@link #PICKED}), in that order. */
    @SqlQuery(PICKED)
    List<Long> inDueOrder(long now, int max);

    /** Logs the attempts of those of the rows whose leases ended, as {@link #logAbandonedByClaim} does. */
    @SqlUpdate(LOG_ABANDONED + "rowid IN (<rows>)")
    int logAbandonedOfRows(@BindList("rows") List<Long> rows, long now, String why);

    /** Claims the rows as {@link #claim(long, long, int)} claims those it picks. */
    @SqlQuery(CLAIM_SET + "rowid IN (<rows>) RETURNING " + COLUMNS)
    List<Intent> claimRows(@BindList("rows") List<Long> rows, long now, long claimUntil);

    @SqlUpdate("UPDATE intents SET claim_until = :claimUntil, updated_at = :now " + FENCE)
    int renew(@BindMethods("claim") ClaimRef claim, long claimUntil, long now);

    @SqlUpdate("""
            UPDATE intents SET state = 'completed', claim_token = '', claim_until = 0, updated_at = :now
            """ + FENCE)
    int complete(@BindMethods("claim") ClaimRef claim, long now);

    @SqlUpdate("""
            UPDATE intents
               SET state = 'pending', next_at = :nextAt, last_error = :error,
                   claim_token = '', claim_until = 0, updated_at = :now
            """ + FENCE)
    int retry(@BindMethods("claim") ClaimRef claim, long nextAt, String error, long now);

    @SqlUpdate("""
            UPDATE intents
               SET state = 'failed', last_error = :error, claim_token = '', claim_until = 0, updated_at = :now
            """ + FENCE)
    int fail(@BindMethods("claim") ClaimRef claim, String error, long now);

    /** Gives the claim's attempt back: the handler never started it. */
    @SqlUpdate("""
            UPDATE intents
               SET state = 'pending', next_at = :nextAt, attempts = attempts - 1,
                   claim_token = '', claim_until = 0, updated_at = :now
            """ + FENCE)
    int snooze(@BindMethods("claim") ClaimRef claim, long nextAt, long now);

    @SqlUpdate("""
            UPDATE intents
               SET state = 'pending', next_at = :now, claim_token = '', claim_until = 0, updated_at = :now,
                   waiting = """ + LaneDao.REJOINS_WAITING + ", held = " + HELD + """
             WHERE id = :id AND state IN ('pending', 'running', 'failed', 'cancelled')
            """)
    int retryNow(String id, long now);

    @SqlUpdate("""
            UPDATE intents SET state = 'cancelled', claim_token = '', claim_until = 0, updated_at = :now
             WHERE id = :id AND state IN ('pending', 'running')
            """)
    int cancel(String id, long now);

    /**
     * The claims {@link #retire} is about to fence off. The repeated state condition is
     * {@code intents_of_work}'s own, which SQLite needs to see before it uses that partial index.
     */
    @SqlQuery("""
            SELECT id, claim_token FROM intents
             WHERE kind = :kind AND target = :target AND state IN ('pending', 'running') AND state = 'running'
            """)
    List<ClaimRef> runningClaimsOf(String kind, String target);

    /** Cancels the pair's open intents, fencing off running claims; found through {@code intents_of_work}. */
    @SqlUpdate("""
            UPDATE intents SET state = 'cancelled', claim_token = '', claim_until = 0, updated_at = :now
             WHERE kind = :kind AND target = :target AND state IN ('pending', 'running')
            """)
    int retire(String kind, String target, long now);

    /** Whether the row's target is in {@code :namespace}: the part of it before its {@code /}, or {@code ''} without one. */
    String IN_NAMESPACE = NAMESPACE + " = :namespace";

    /**
     * The intents a bulk retry takes. {@code :state} is {@code failed} or {@code cancelled}; saying so first lets
     * SQLite walk {@code intents_given_up} from {@code :since} rather than scan the table. An absent target is
     * bound as {@code NULL}, an absent {@code since} as the smallest time and an absent {@code before} as the largest.
     */
    String SELECTED = "\n" + """
            WHERE kind = :kind
              AND state IN ('failed', 'cancelled') AND state = :state
              AND updated_at >= :since AND updated_at < :before
              AND (:target IS NULL OR target = :target)
              AND (:namespace IS NULL OR\s""" + IN_NAMESPACE + ")\n";

    /** {@link #retryNow} of every {@link #SELECTED} intent. */
    @SqlUpdate("""
            UPDATE intents
               SET state = 'pending', next_at = :now, claim_token = '', claim_until = 0, updated_at = :now,
                   waiting = """ + LaneDao.REJOINS_WAITING + ", held = " + HELD + SELECTED)
    int retryAll(String kind, String state, String target, String namespace, long since, long before, long now);

    /**
     * Those of {@code ids} that are still ended long enough ago; their attempt logs go with them
     * ({@code ON DELETE CASCADE}). {@code <ended>} is a condition on {@code state} made of constants. The unary
     * {@code +}s keep SQLite from walking an age index, which it may judge cheaper than looking the ids up and
     * which would read every ended row to delete one batch.
     */
    @SqlUpdate("DELETE FROM intents WHERE id IN (<ids>) AND +kind = :kind AND <ended> AND +updated_at < :endedBefore")
    int deleteEnded(@Define("ended") String ended, @BindList("ids") List<String> ids, String kind, long endedBefore);

    /** The running claims among {@code ids} that {@link #deleteInNamespace} is about to fence off. */
    @SqlQuery("SELECT id, claim_token FROM intents WHERE id IN (<ids>) AND +kind = :kind AND state = 'running' AND " + IN_NAMESPACE)
    List<ClaimRef> runningClaimsInNamespace(@BindList("ids") List<String> ids, String kind, String namespace);

    /** Those of {@code ids} of the kind's work in the namespace, whatever their state, with their attempt logs ({@code ON DELETE CASCADE}). */
    @SqlUpdate("DELETE FROM intents WHERE id IN (<ids>) AND +kind = :kind AND " + IN_NAMESPACE)
    int deleteInNamespace(@BindList("ids") List<String> ids, String kind, String namespace);

    /**
     * Puts every {@code running} intent back to {@code pending}, due as it was. Only correct while holding
     * the data-directory lock, which proves no live process is working on them; their attempt count is kept,
     * so the next claim numbers its attempt after the one that was cut off. Pending rather than running with
     * an ended lease: an intent of a paused target is not claimed until the target resumes, and until then it
     * should not read as running.
     */
    @SqlUpdate("""
            UPDATE intents SET state = 'pending', claim_token = '', claim_until = 0, updated_at = :now
             WHERE state = 'running'
            """)
    int releaseAllClaims(long now);
}
