package io.hookrelay.storage.jdbi;

import io.hookrelay.delivery.model.Route;
import java.util.List;
import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;

/**
 * The {@code routes} table, but for creating a route, which each database makes safe against a delete of its
 * source or target in a way of its own.
 */
public interface RouteDao {

    @SqlUpdate("DELETE FROM routes WHERE tenant_id = :tenant AND id = :id")
    int delete(String tenant, String id);

    /** Route ids are ULIDs, so id order is creation order. */
    @SqlQuery("SELECT " + RouteColumns.NAMES + " FROM routes WHERE tenant_id = :tenant ORDER BY id")
    List<Route> list(String tenant);

    @SqlQuery("SELECT " + RouteColumns.NAMES + " FROM routes WHERE tenant_id = :tenant AND source_id = :sourceId ORDER BY id")
    List<Route> forSource(String tenant, String sourceId);
}
