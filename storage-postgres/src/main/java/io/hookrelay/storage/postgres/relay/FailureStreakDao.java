package io.hookrelay.storage.postgres.relay;

import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;

/** The {@code failure_streaks} table: consecutive failed attempts per target, on every node together. */
interface FailureStreakDao {

    /** One statement, so failures counted on several nodes at once are each counted. */
    @SqlQuery("""
            INSERT INTO failure_streaks (target_id, streak) VALUES (:target, 1)
            ON CONFLICT (target_id) DO UPDATE SET streak = failure_streaks.streak + 1
            RETURNING streak
            """)
    int failed(String target);

    /** Writes nothing for a target that has no streak, which is every healthy one. */
    @SqlUpdate("UPDATE failure_streaks SET streak = 0 WHERE target_id = :target AND streak > 0")
    void succeeded(String target);

    @SqlUpdate("DELETE FROM failure_streaks WHERE target_id = :target")
    void reset(String target);
}
