package io.hookrelay.storage.postgres;

import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;

/**
 * Paused {@code (kind, target)} pairs, and the {@code held} flag on their open intents, which keeps claims
 * from even reading them (see {@link ClaimDao#claim}). The flags are set a chunk at a time, each chunk in
 * its own transaction (see {@link PostgresIntentStore#pause}).
 */
interface PauseDao {

    /**
     * Held by the session that pauses or resumes the pair for as long as its chunks take, so two nodes never
     * walk one pair's intents in opposite directions at once. The two-key form keeps these locks apart from
     * single-key ones such as the migrations'.
     */
    @SqlQuery("SELECT 1 FROM pg_advisory_lock(hashtext(:kind), hashtext(:target))")
    int lockPair(String kind, String target);

    @SqlQuery("SELECT pg_advisory_unlock(hashtext(:kind), hashtext(:target))")
    boolean unlockPair(String kind, String target);

    /** Pausing again in the middle of a resume that stopped half-way holds the pair again. */
    @SqlUpdate("""
            INSERT INTO paused_work (kind, target) VALUES (:kind, :target)
            ON CONFLICT (kind, target) DO UPDATE SET releasing = false
            """)
    void pause(String kind, String target);

    /** Paused, and not being resumed: what of its work is not held yet may be. */
    @SqlQuery("SELECT EXISTS (SELECT 1 FROM paused_work WHERE kind = :kind AND target = :target AND NOT releasing)")
    boolean isHolding(String kind, String target);

    @SqlUpdate("UPDATE paused_work SET releasing = true WHERE kind = :kind AND target = :target")
    void startReleasing(String kind, String target);

    @SqlUpdate("DELETE FROM paused_work WHERE kind = :kind AND target = :target")
    void resume(String kind, String target);

    /** A few rows per target at most, so reading them all costs nothing worth an index. */
    @SqlUpdate("DELETE FROM paused_work WHERE kind = :kind AND " + IntentDao.IN_NAMESPACE)
    int liftPauses(String kind, String namespace);

    /**
     * Sets {@code held} on up to {@code :limit} open intents of the pair that do not have it yet, found through
     * {@code intents_of_work}, which holds the flag, so each chunk reads only rows still to be changed. The
     * chunk's rows are then locked in id order, the order the store's other multi-row writes lock in, so a
     * chunk and a batch of settlements never wait on each other in a circle; a row that left the open states
     * while it was awaited is skipped, so a chunk may change fewer than it found.
     *
     * @return how many changed; none means the pair is done
     */
    @SqlUpdate("""
            WITH found AS (
                SELECT seq FROM intent_states
                 WHERE kind = :kind AND target = :target AND state IN ('pending', 'running') AND held <> :held
                 LIMIT :limit),
            chunk AS (
                SELECT seq FROM intent_states
                 WHERE seq IN (SELECT seq FROM found) AND state IN ('pending', 'running') AND held <> :held
                 ORDER BY id
                   FOR UPDATE)
            UPDATE intent_states SET held = :held FROM chunk WHERE intent_states.seq = chunk.seq
            """)
    int setHeld(String kind, String target, boolean held, int limit);
}
