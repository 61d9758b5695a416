package io.hookrelay.storage.postgres.relay;

import io.hookrelay.delivery.model.Route;
import io.hookrelay.storage.jdbi.RouteColumns;
import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;

/**
 * Creating a row of the {@code routes} table; the rest is {@link io.hookrelay.storage.jdbi.RouteDao}. Event-type
 * filters are one text, one a line in the order {@link Route} keeps them (sorted, each once; a filter holds no
 * line break), payload filters another, which is what {@code routes_once} makes unique. Times are epoch
 * milliseconds.
 */
interface RouteCreationDao {

    /**
     * Locks the tenant's source and target against deletion until the transaction ends, so a route never points
     * at something deleted meanwhile; a delete already under way is waited for.
     *
     * @return 1 when both exist in the tenant, else 0
     */
    @SqlQuery("""
            SELECT count(*) FROM (
                SELECT 1 FROM sources AS s, targets AS t
                 WHERE s.tenant_id = :tenant AND s.id = :sourceId AND t.tenant_id = :tenant AND t.id = :targetId
                   FOR KEY SHARE) AS locked
            """)
    int lockSourceAndTarget(String tenant, String sourceId, String targetId);

    /**
     * @return 1 when stored, 0 when the same route exists: a concurrent create of it, on any node, is waited
     *         for and then counts as existing
     */
    @SqlUpdate("""
            INSERT INTO routes (tenant_id, """ + RouteColumns.NAMES + """
            , created_at)
            VALUES (:tenant, :id, :sourceId, :targetId, :eventTypes, :filters, :now)
            ON CONFLICT (tenant_id, source_id, target_id, md5(event_types), md5(filters)) DO NOTHING
            """)
    int insert(String tenant, String id, String sourceId, String targetId, String eventTypes, String filters, long now);
}
