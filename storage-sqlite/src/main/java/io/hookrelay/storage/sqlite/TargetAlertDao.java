package io.hookrelay.storage.sqlite;

import java.util.List;
import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;

/** The {@code target_alerts} table: a row per broken target, {@code paused} 1 while it is paused. */
interface TargetAlertDao {

    /** @return 1 when the target was not marked paused */
    @SqlUpdate("""
            INSERT INTO target_alerts (target_id, paused) VALUES (:targetId, 1)
            ON CONFLICT (target_id) DO UPDATE SET paused = 1 WHERE paused = 0
            """)
    int paused(String targetId);

    @SqlUpdate("UPDATE target_alerts SET paused = 0 WHERE target_id = :targetId")
    void resumed(String targetId);

    /** @return 1 when the target was broken and not paused */
    @SqlUpdate("DELETE FROM target_alerts WHERE target_id = :targetId AND paused = 0")
    int recovered(String targetId);

    @SqlQuery("SELECT target_id FROM target_alerts")
    List<String> broken();

    @SqlUpdate("DELETE FROM target_alerts WHERE target_id = :targetId")
    void forget(String targetId);
}
