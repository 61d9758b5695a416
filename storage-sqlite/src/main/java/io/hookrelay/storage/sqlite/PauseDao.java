package io.hookrelay.storage.sqlite;

import java.util.Optional;
import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;

/**
 * Paused {@code (kind, target)} pairs, and the {@code held} flag on their open intents, which keeps claims
 * from even reading them (see {@link IntentDao#CLAIM}). The flags are set a chunk at a time, in rowid order,
 * each chunk in its own transaction (see {@link SqliteIntentStore#pause}).
 */
interface PauseDao {

    /**
     * Whether an intent of the {@code (:kind, :target)} pair entering an open state must be held: the pair is
     * paused and no resume is releasing it, which would walk past the intent and leave it held.
     */
    String HOLDS = "EXISTS (SELECT 1 FROM paused_work WHERE kind = :kind AND target = :target AND releasing = 0)";

    /** Pausing again in the middle of a resume that stopped half-way holds the pair again. */
    @SqlUpdate("""
            INSERT INTO paused_work (kind, target) VALUES (:kind, :target)
            ON CONFLICT DO UPDATE SET releasing = 0
            """)
    void pause(String kind, String target);

    @SqlUpdate("UPDATE paused_work SET releasing = 1 WHERE kind = :kind AND target = :target")
    void startReleasing(String kind, String target);

    @SqlUpdate("DELETE FROM paused_work WHERE kind = :kind AND target = :target")
    void resume(String kind, String target);

    /** A few rows per target at most, so reading them all costs nothing worth an index. */
    @SqlUpdate("DELETE FROM paused_work WHERE kind = :kind AND " + IntentDao.IN_NAMESPACE)
    int liftPauses(String kind, String namespace);

    /**
     * The last rowid of the next {@code :limit} open intents of the pair after {@code :after}, or none when
     * none is left. {@code intents_of_work} holds the pair's entries in rowid order, so the walk starts where
     * the last chunk ended instead of reading again the rows it already set.
     */
    @SqlQuery("""
            SELECT max(rowid) FROM (
                SELECT rowid FROM intents
                 WHERE kind = :kind AND target = :target AND state IN ('pending', 'running') AND rowid > :after
                 ORDER BY rowid
                 LIMIT :limit)
            HAVING count(*) > 0
            """)
    Optional<Long> endOfChunk(String kind, String target, long after, int limit);

    /**
     * Holds only while the pair is still paused: its work may have been retired between two chunks, which lifts
     * the pause, and what is enqueued after that must flow.
     */
    @SqlUpdate("""
            UPDATE intents SET held = :held
             WHERE kind = :kind AND target = :target AND state IN ('pending', 'running')
               AND rowid > :after AND rowid <= :upTo AND held <> :held
               AND (NOT :held OR\s""" + HOLDS + ")")
    int setHeld(String kind, String target, boolean held, long after, long upTo);
}
