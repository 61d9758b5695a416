package io.hookrelay.storage.postgres.relay;

import io.hookrelay.delivery.model.Route;
import io.hookrelay.delivery.model.TenantId;
import io.hookrelay.delivery.port.RouteStore;
import io.hookrelay.storage.jdbi.RouteColumns;
import io.hookrelay.storage.jdbi.RouteDao;
import io.hookrelay.storage.postgres.PostgresDatabase;
import java.util.List;
import java.util.Objects;

/**
 * {@link RouteStore} on PostgreSQL. Every read goes to the database: other nodes may change routes at any
 * time, and nothing here would hear of it.
 */
public final class PostgresRouteStore implements RouteStore {
    private final PostgresDatabase database;
    private final RelayHandles handles;

    PostgresRouteStore(PostgresDatabase database, RelayHandles handles) {
        this.database = database;
        this.handles = handles;
    }

    @Override
    public Creation create(TenantId tenant, Route route) {
        String eventTypes = RouteColumns.eventTypes(route);
        String filters = RouteColumns.filters(route);
        long now = database.clock().millis();
        return database.transaction("create route", handle -> {
            RouteCreationDao dao = handles.attach(handle, RouteCreationDao.class);
            if (dao.lockSourceAndTarget(tenant.value(), route.sourceId(), route.targetId()) == 0) {
                return Creation.NO_SOURCE_OR_TARGET;
            }
            return dao.insert(tenant.value(), route.id(), route.sourceId(), route.targetId(), eventTypes, filters, now) == 1
                    ? Creation.CREATED
                    : Creation.DUPLICATE;
        });
    }

    @Override
    public boolean delete(TenantId tenant, String id) {
        Objects.requireNonNull(id, "id");
        return database.transaction("delete route",
                handle -> handles.attach(handle, RouteDao.class).delete(tenant.value(), id)) == 1;
    }

    @Override
    public List<Route> list(TenantId tenant) {
        return database.read("list routes", handle -> handles.attach(handle, RouteDao.class).list(tenant.value()));
    }

    @Override
    public List<Route> forSource(TenantId tenant, String sourceId) {
        Objects.requireNonNull(sourceId, "sourceId");
        return database.read("list routes of a source",
                handle -> handles.attach(handle, RouteDao.class).forSource(tenant.value(), sourceId));
    }
}
