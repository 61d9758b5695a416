package io.hookrelay.storage.sqlite;

import io.hookrelay.queue.Intent;
import java.util.List;
import org.jdbi.v3.sqlobject.customizer.BindList;
import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;

/**
 * The statements of a claim that shares out its rows between namespaces ({@link io.hookrelay.queue.FairShare}),
 * all through {@code intents_due_in_namespace}, whose first column is this {@link #NAMESPACE} expression: an
 * index on an expression is used only where a statement spells the expression the same way.
 */
interface FairClaimDao {

    /** The part of a target before its first {@code /}; {@code ''} when it has none. */
    String NAMESPACE = "CASE instr(target, '/') WHEN 0 THEN '' ELSE substr(target, 1, instr(target, '/') - 1) END";

    String CLAIMABLE = "state = 'pending' AND held = 0 AND waiting = 0";

    /** Whether more intents are due than a claim of {@code :max} takes, walking no more than one past them. */
    @SqlQuery("SELECT count(*) > :max FROM (SELECT 1 FROM intents WHERE " + CLAIMABLE + " AND next_at <= :now LIMIT :max + 1)")
    boolean moreDueThan(long now, int max);

    /**
     * The namespaces with due work, ascending, found by skipping from one namespace of pending work to the next
     * in the index rather than reading their rows: a namespace's backlog costs one look-up, however long it is.
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

    /** The rows a claim of {@code :max} in plain due order would take ({@link IntentDao#PICKED}), in that order. */
    @SqlQuery(IntentDao.PICKED)
    List<Long> inDueOrder(long now, int max);

    /** Logs the attempts of those of the rows whose leases ended, as {@link IntentDao#logAbandonedByClaim} does. */
    @SqlUpdate(IntentDao.LOG_ABANDONED + "rowid IN (<rows>)")
    int logAbandoned(@BindList("rows") List<Long> rows, long now, String why);

    /** Claims the rows as {@link IntentDao#claim} claims those it picks. */
    @SqlQuery(IntentDao.CLAIM_SET + "rowid IN (<rows>) RETURNING " + IntentDao.COLUMNS)
    List<Intent> claim(@BindList("rows") List<Long> rows, long now, long claimUntil);
}
