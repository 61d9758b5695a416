package io.hookrelay.storage.sqlite;

import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;

/** Paused {@code (kind, target)} pairs, which claims skip. */
interface PauseDao {

    @SqlUpdate("INSERT INTO paused_work (kind, target) VALUES (:kind, :target) ON CONFLICT DO NOTHING")
    void pause(String kind, String target);

    @SqlUpdate("DELETE FROM paused_work WHERE kind = :kind AND target = :target")
    void resume(String kind, String target);

    @SqlQuery("SELECT EXISTS (SELECT 1 FROM paused_work WHERE kind = :kind AND target = :target)")
    boolean isPaused(String kind, String target);
}
