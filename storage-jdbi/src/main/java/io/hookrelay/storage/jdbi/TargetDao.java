package io.hookrelay.storage.jdbi;

import io.hookrelay.delivery.model.Delivery;
import io.hookrelay.delivery.model.ScopedId;
import io.hookrelay.delivery.model.Target;
import io.hookrelay.queue.IntentWrites;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jdbi.v3.sqlobject.customizer.BindMap;
import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;

/** The {@code targets} table, keyed by tenant and id. Times are epoch milliseconds. */
public interface TargetDao {

    String COLUMNS = TargetColumns.NAMES;

    /** @return 1 when stored, 0 when the id is taken */
    @SqlUpdate("""
            INSERT INTO targets (tenant_id, """ + COLUMNS + """
            , created_at, updated_at)
            VALUES (:tenant, :id, :url, :secret, :timeout_ms, :retry_schedule_s, :max_in_flight, :rate_limit_per_s, :previous_secret,
                    :previous_secret_until, :ordering, :now, :now)
            ON CONFLICT (tenant_id, id) DO NOTHING
            """)
    int insert(@BindMap Map<String, ?> columns);

    @SqlUpdate("""
            UPDATE targets
               SET url = :url, secret = :secret, timeout_ms = :timeout_ms, retry_schedule_s = :retry_schedule_s,
                   max_in_flight = :max_in_flight, rate_limit_per_s = :rate_limit_per_s, previous_secret = :previous_secret,
                   previous_secret_until = :previous_secret_until, ordering = :ordering, updated_at = :now
             WHERE tenant_id = :tenant AND id = :id
            """)
    int update(@BindMap Map<String, ?> columns);

    /** Its routes go with it ({@code ON DELETE CASCADE}); its deliveries stay, as history. */
    @SqlUpdate("DELETE FROM targets WHERE tenant_id = :tenant AND id = :id")
    int delete(String tenant, String id);

    /**
     * Deletes the target and retires its deliveries' work through {@code writes}, in the same transaction. A
     * missing target changes nothing, not even work left under its id.
     *
     * @return whether there was such a target
     */
    default boolean deleteRetiringItsWork(ScopedId target, IntentWrites writes, Instant now) {
        if (delete(target.tenant().value(), target.id()) == 0) {
            return false;
        }
        writes.retire(Delivery.KIND, target.key(), now);
        return true;
    }

    @SqlQuery("SELECT " + COLUMNS + " FROM targets WHERE tenant_id = :tenant AND id = :id")
    Optional<Target> find(String tenant, String id);

    @SqlQuery("SELECT " + COLUMNS + " FROM targets WHERE tenant_id = :tenant ORDER BY id")
    List<Target> list(String tenant);
}
