package io.hookrelay.storage.sqlite;

import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;

/**
 * Paused {@code (kind, target)} pairs, and the {@code held} flag on their open intents, which keeps claims
 * from even reading them (see {@link IntentDao#CLAIM}). Both change in one transaction.
 */
interface PauseDao {

    /** Whether the {@code (:kind, :target)} pair is paused, as an SQL expression. */
    String PAUSED = "EXISTS (SELECT 1 FROM paused_work WHERE kind = :kind AND target = :target)";

    @SqlUpdate("INSERT INTO paused_work (kind, target) VALUES (:kind, :target) ON CONFLICT DO NOTHING")
    void pause(String kind, String target);

    @SqlUpdate("DELETE FROM paused_work WHERE kind = :kind AND target = :target")
    void resume(String kind, String target);

    /** Found through {@code intents_of_work}, so the cost is the pair's open intents, not the table's. */
    @SqlUpdate("""
            UPDATE intents SET held = :held
             WHERE kind = :kind AND target = :target AND state IN ('pending', 'running') AND held <> :held
            """)
    int setHeld(String kind, String target, boolean held);

    @SqlQuery("SELECT " + PAUSED)
    boolean isPaused(String kind, String target);
}
