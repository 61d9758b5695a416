package io.hookrelay.storage.postgres;

import io.hookrelay.queue.ClaimRef;
import io.hookrelay.queue.Intent;
import java.util.List;
import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;

/** The claim and the lease renewal, apart from the others for the reason {@link IntentDao} gives. */
interface ClaimDao {

    /**
     * A claim need not wait for its commit's flush: one lost in a crash of the server leaves its rows as they were
     * before it, as a claimer's crash does once its lease ends; the claimer's writes under the lost token are
     * fenced off, and the attempt it began runs again, as an attempt under way at a node's death does. It is
     * visible at once and made durable by the next flush, which any later waiting commit, such as its
     * settlement's, makes. The server takes its flushes one at a time, so the enqueues' commits, whose callers
     * wait, then wait less.
     */
    @SqlUpdate("SET LOCAL synchronous_commit = off")
    void commitWithoutWaitingForTheFlush();

    /**
     * A fresh claim token per row: 128 random bits as 32 hex digits. A version-4 UUID carries only 122 random
     * bits, so two are hashed into one; both come from PostgreSQL's strong random source, built in since 13.
     */
    String NEW_TOKEN = "md5(gen_random_uuid()::text || gen_random_uuid()::text)";

    /** The due rows and the ended leases a claim may take, each branch limited to {@code :max} in claim order. */
    String DUE_AND_EXPIRED = """
            due AS MATERIALIZED (
                SELECT seq, id, next_at, created_at FROM intent_states
                 WHERE state = 'pending' AND NOT held AND NOT waiting AND next_at <= :now
                   AND NOT\s""" + IntentDao.HOLDS_ROW_UNLOCKED + """

                 ORDER BY next_at, created_at, id
                 LIMIT :max
                   FOR UPDATE SKIP LOCKED),
            expired AS MATERIALIZED (
                SELECT seq, id, next_at, created_at, attempts, claimed_at, claim_until, updated_at FROM intent_states
                 WHERE state = 'running' AND NOT held AND claim_until <= :now
                   AND NOT\s""" + IntentDao.HOLDS_ROW_UNLOCKED + """

                 ORDER BY next_at, created_at, id
                 LIMIT :max
                   FOR UPDATE SKIP LOCKED)""";

    /** Logs the attempts of the {@code picked} rows whose leases ended, then takes every picked row. */
    String TAKE_PICKED = """
            abandoned AS (
                """ + IntentDao.LOG_ABANDONED + """
                          FROM expired JOIN picked USING (seq) WHERE attempts > 0) AS abandoned
                ON CONFLICT DO NOTHING)
            UPDATE intent_states
               SET state = 'running',
                   attempts = attempts + 1,
                   claim_token =\s""" + NEW_TOKEN + """
            ,
                   claim_until = :claimUntil,
                   claimed_at = :now,
                   updated_at = :now
              FROM picked
             WHERE intent_states.seq = picked.seq
            RETURNING\s""" + IntentDao.COLUMNS + """

            """;

    /**
     * One statement, evaluated once, so nothing can take the same rows between choosing and taking them, and
     * concurrent claimers of other nodes skip each other's rows instead of waiting ({@code SKIP LOCKED}). Each
     * branch is limited on its own in claim order before the two are merged: the pending branch walks
     * {@code intents_due} from its start and stops after {@code :max} rows, the running branch reads only
     * leases that ended, through {@code intents_lease}. Both indexes leave out {@code held} rows, those of
     * paused work, and {@code intents_due} the rows waiting behind their FIFO lane's head (a head is never
     * waiting), so a paused target's or a blocked lane's backlog is never walked. The pause is still looked up for each row
     * found: an intent written while its pair was being paused may not be held yet, and must not run.
     * Rows a branch locked beyond the final {@code :max} are let go when the statement's transaction ends.
     * {@code MATERIALIZED} states what the locking clauses already imply: each CTE runs once, never as the
     * inner side of a loop that would lock and take more rows than asked for. The attempts of the rows taken over
     * from ended leases are logged as abandoned, with {@code :why}, in the same statement.
     */
    @SqlQuery("WITH " + DUE_AND_EXPIRED + """
            ,
            picked AS MATERIALIZED (
                SELECT seq FROM (SELECT seq, id, next_at, created_at FROM due
                                 UNION ALL
                                 SELECT seq, id, next_at, created_at FROM expired) AS candidates
                 ORDER BY next_at, created_at, id
                 LIMIT :max),
            """ + TAKE_PICKED)
    List<Intent> claim(long now, long claimUntil, int max, String why);

    /** The part of a target before its first {@code /}, {@code ''} without one, as {@code intents_due_in_namespace} spells it. */
    String NAMESPACE = "CASE strpos(target, '/') WHEN 0 THEN '' ELSE left(target, strpos(target, '/') - 1) END";

    String CLAIMABLE = "state = 'pending' AND NOT held AND NOT waiting";

    /** Whether more intents are due than a claim of {@code :max} takes, walking no more than one past them. */
    @SqlQuery("SELECT count(*) > :max FROM (SELECT 1 FROM intent_states WHERE " + CLAIMABLE + " AND next_at <= :now LIMIT :max + 1) AS due")
    boolean moreDueThan(long now, int max);

    /**
     * The namespaces with due work, ascending, found by skipping from one namespace of pending work to the next
     * in {@code intents_due_in_namespace} rather than reading their rows: a namespace's backlog costs one look-up,
     * however long it is. No more than {@code :most} namespaces of pending work are looked at.
     */
    @SqlQuery("""
            WITH RECURSIVE pending_in (name, n) AS (
                SELECT (SELECT min(""" + NAMESPACE + ") FROM intent_states WHERE " + CLAIMABLE + """
            ), 1
                UNION ALL
                SELECT (SELECT min(""" + NAMESPACE + ") FROM intent_states WHERE " + CLAIMABLE + " AND " + NAMESPACE + """
             > pending_in.name), n + 1
                  FROM pending_in
                 WHERE pending_in.name IS NOT NULL AND n < :most)
            SELECT name FROM pending_in
             WHERE name IS NOT NULL
               AND (SELECT min(next_at) FROM intent_states WHERE\s""" + CLAIMABLE + " AND " + NAMESPACE + """
             = pending_in.name) <= :now
             ORDER BY name
            """)
    List<String> dueNamespaces(long now, int most);

    /**
     * {@link #claim}, shared out as {@link io.hookrelay.queue.FairShare} says: up to {@code :each} of the oldest due
     * intents of each namespace served, in rounds (every namespace's first, then every one's second), then the rows
     * {@link #claim} would take. Rows locked and left out are let go when the transaction ends, as there.
     */
    @SqlQuery("""
            WITH shared AS MATERIALIZED (
                SELECT served.namespace, taken.seq, taken.id, taken.next_at, taken.created_at
                  FROM unnest(CAST(:namespaces AS text[])) AS served (namespace)
                 CROSS JOIN LATERAL (
                    SELECT seq, id, next_at, created_at FROM intent_states
                     WHERE\s""" + CLAIMABLE + " AND " + NAMESPACE + """
             = served.namespace AND next_at <= :now
                       AND NOT\s""" + IntentDao.HOLDS_ROW_UNLOCKED + """

                     ORDER BY next_at, created_at, id
                     LIMIT :each
                       FOR UPDATE SKIP LOCKED) AS taken),
            """ + DUE_AND_EXPIRED + """
            ,
            picked AS MATERIALIZED (
                SELECT seq FROM (
                    SELECT seq, min(round) AS round, next_at, created_at, id
                      FROM (SELECT seq, row_number() OVER (PARTITION BY namespace ORDER BY next_at, created_at, id) AS round,
                                   next_at, created_at, id
                              FROM shared
                            UNION ALL
                            SELECT seq, :each + 1, next_at, created_at, id FROM due
                            UNION ALL
                            SELECT seq, :each + 1, next_at, created_at, id FROM expired) AS candidates
                     GROUP BY seq, next_at, created_at, id) AS ranked
                 ORDER BY round, next_at, created_at, id
                 LIMIT :max),
            """ + TAKE_PICKED)
    List<Intent> claimSharedOut(long now, long claimUntil, int max, String[] namespaces, int each, String why);

    /**
     * Locks the rows in id order, as a pause does, before changing them: left to the plan, the order would be
     * whatever the join met them in, and a pause of the same rows would wait on it in a circle.
     *
     * @return the {@code (id, token)} pairs still held, now until {@code :claimUntil}
     */
    @SqlQuery("""
            WITH held AS MATERIALIZED (
                SELECT intent_states.seq FROM unnest(CAST(:ids AS text[]), CAST(:tokens AS text[])) AS given (id, token)
                  JOIN intents ON intents.id = given.id
                  JOIN intent_states ON intent_states.seq = intents.seq
                 WHERE intent_states.state = 'running' AND intent_states.claim_token = given.token
                 ORDER BY intent_states.id
                   FOR UPDATE OF intent_states)
            UPDATE intent_states SET claim_until = :claimUntil, updated_at = :now
              FROM held
             WHERE intent_states.seq = held.seq
            RETURNING intent_states.id AS intent_id, intent_states.claim_token AS token
            """)
    List<ClaimRef> renewAll(String[] ids, String[] tokens, long claimUntil, long now);
}
