package io.hookrelay.storage.sqlite;

import io.hookrelay.delivery.Route;
import io.hookrelay.delivery.RouteStore;
import java.util.List;
import java.util.Objects;

/** {@link RouteStore} on SQLite: writes through the database's single writer, reads from its pool. */
public final class SqliteRouteStore implements RouteStore {
    private final SqliteDatabase database;

    public SqliteRouteStore(SqliteDatabase database) {
        this.database = Objects.requireNonNull(database, "database");
    }

    @Override
    public boolean create(Route route) {
        String eventTypes = TextColumns.joinLines(route.eventTypes());
        long now = database.clock().millis();
        return database.writeConfig("create route", handle -> handle.attach(RouteDao.class)
                .insert(route.id(), route.sourceId(), route.targetId(), eventTypes, now)) == 1;
    }

    @Override
    public boolean delete(String id) {
        Objects.requireNonNull(id, "id");
        return database.writeConfig("delete route", handle -> handle.attach(RouteDao.class).delete(id)) == 1;
    }

    @Override
    public List<Route> list() {
        return database.read("list routes", handle -> handle.attach(RouteDao.class).list());
    }

    @Override
    public List<Route> forSource(String sourceId) {
        Objects.requireNonNull(sourceId, "sourceId");
        return database.readConfig("list routes of a source", List.of("routes of source", sourceId),
                handle -> List.copyOf(handle.attach(RouteDao.class).forSource(sourceId)));
    }
}
