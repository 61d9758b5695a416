package io.hookrelay.storage.sqlite;

import io.hookrelay.delivery.model.Route;
import io.hookrelay.storage.jdbi.RouteColumns;
import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;

/**
 * Creating a row of the {@code routes} table; the rest is {@link io.hookrelay.storage.jdbi.RouteDao}. Event-type
 * filters are one a line, in the order {@link Route} keeps them, and so are payload filters, which makes
 * {@code (tenant_id, source_id, target_id, event_types, filters)} unique for the same filters in any order. Times are
 * epoch milliseconds.
 */
interface RouteCreationDao {

    /**
     * @return 1 when stored, 0 when the source or the target does not exist or the same route does: checked
     *         by the statement itself, so no delete can slip in between the check and the insert
     */
    @SqlUpdate("""
            INSERT INTO routes (tenant_id, """ + RouteColumns.NAMES + """
            , created_at)
            SELECT :tenant, :id, :sourceId, :targetId, :eventTypes, :filters, :now
             WHERE EXISTS (SELECT 1 FROM sources WHERE tenant_id = :tenant AND id = :sourceId)
               AND EXISTS (SELECT 1 FROM targets WHERE tenant_id = :tenant AND id = :targetId)
            ON CONFLICT (tenant_id, source_id, target_id, event_types, filters) DO NOTHING
            """)
    int insert(String tenant, String id, String sourceId, String targetId, String eventTypes, String filters, long now);

    @SqlQuery("""
            SELECT EXISTS (SELECT 1 FROM routes
                            WHERE tenant_id = :tenant AND source_id = :sourceId AND target_id = :targetId
                              AND event_types = :eventTypes AND filters = :filters)
            """)
    boolean exists(String tenant, String sourceId, String targetId, String eventTypes, String filters);
}
