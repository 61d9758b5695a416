package io.hookrelay.storage.jdbi;

import java.util.List;
import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;

/**
 * The {@code target_alerts} table: a row per broken target, {@code paused} while it is paused. Each change is one
 * statement, so of several nodes that pause or deliver to a target at once, one alone finds the change news.
 */
public interface TargetAlertDao {

    /** @return 1 when the target was not marked paused */
    @SqlUpdate("""
            INSERT INTO target_alerts (target_id, paused) VALUES (:targetId, true)
            ON CONFLICT (target_id) DO UPDATE SET paused = true WHERE NOT target_alerts.paused
            """)
    int paused(String targetId);

    @SqlUpdate("UPDATE target_alerts SET paused = false WHERE target_id = :targetId")
    void resumed(String targetId);

    /** @return 1 when the target was broken and not paused */
    @SqlUpdate("DELETE FROM target_alerts WHERE target_id = :targetId AND NOT paused")
    int recovered(String targetId);

    @SqlQuery("SELECT target_id FROM target_alerts")
    List<String> broken();

    @SqlUpdate("DELETE FROM target_alerts WHERE target_id = :targetId")
    void forget(String targetId);
}
