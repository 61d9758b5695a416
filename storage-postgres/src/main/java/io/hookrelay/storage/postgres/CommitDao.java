package io.hookrelay.storage.postgres;

import org.jdbi.v3.sqlobject.statement.SqlUpdate;

/**
 * How a transaction commits. Every commit waits for the write-ahead log to be flushed by default, and the
 * flushes of one server are taken one at a time, so a commit that need not wait makes the enqueues' commits,
 * whose callers do wait, wait less.
 */
interface CommitDao {

    /**
     * For a transaction whose loss in a crash of the server is harmless: it is visible at once, made durable
     * by the next flush, which any later waiting commit makes, and lost only if the server crashes first.
     * <ul>
     *   <li>A claim lost so leaves its rows as they were before it, as a claimer's crash does once its lease
     *       ends; the claimer's writes under the lost token are fenced off, and the attempt it began runs
     *       again, as an attempt under way at a node's death does.</li>
     *   <li>A notice that work was enqueued is a hint: other processes' pools poll.</li>
     * </ul>
     */
    @SqlUpdate("SET LOCAL synchronous_commit = off")
    void withoutWaitingForTheFlush();
}
