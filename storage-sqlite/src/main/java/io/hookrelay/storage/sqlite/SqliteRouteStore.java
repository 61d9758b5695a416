package io.hookrelay.storage.sqlite;

import io.hookrelay.delivery.model.Route;
import io.hookrelay.delivery.model.TenantId;
import io.hookrelay.delivery.port.RouteStore.Creation;
import io.hookrelay.delivery.port.RouteStore;
import io.hookrelay.storage.jdbi.RouteColumns;
import io.hookrelay.storage.jdbi.RouteDao;
import java.util.List;
import java.util.Objects;

/** {@link RouteStore} on SQLite: writes through the database's single writer, reads from its pool. */
public final class SqliteRouteStore implements RouteStore {
    private final SqliteRelayDatabase database;

    public SqliteRouteStore(SqliteRelayDatabase database) {
        this.database = Objects.requireNonNull(database, "database");
    }

    /** The insert and, when it stored nothing, the look for the same route share one write transaction. */
    @Override
    public Creation create(TenantId tenant, Route route) {
        String eventTypes = RouteColumns.eventTypes(route);
        String filters = RouteColumns.filters(route);
        long now = database.clock().millis();
        return database.writeConfig("create route", handle -> {
            RouteCreationDao dao = handle.attach(RouteCreationDao.class);
            if (dao.insert(tenant.value(), route.id(), route.sourceId(), route.targetId(), eventTypes, filters, now) == 1) {
                return Creation.CREATED;
            }
            return dao.exists(tenant.value(), route.sourceId(), route.targetId(), eventTypes, filters) ? Creation.DUPLICATE : Creation.NO_SOURCE_OR_TARGET;
        });
    }

    @Override
    public boolean delete(TenantId tenant, String id) {
        Objects.requireNonNull(id, "id");
        return database.writeConfig("delete route", handle -> handle.attach(RouteDao.class).delete(tenant.value(), id)) == 1;
    }

    @Override
    public List<Route> list(TenantId tenant) {
        return database.read("list routes", handle -> handle.attach(RouteDao.class).list(tenant.value()));
    }

    @Override
    public List<Route> forSource(TenantId tenant, String sourceId) {
        Objects.requireNonNull(sourceId, "sourceId");
        return database.readConfig("list routes of a source", List.of("routes of source", tenant.value(), sourceId),
                handle -> List.copyOf(handle.attach(RouteDao.class).forSource(tenant.value(), sourceId)));
    }
}
