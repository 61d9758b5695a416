package io.hookrelay.storage.postgres;

import io.hookrelay.delivery.Route;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import org.jdbi.v3.core.mapper.RowMapper;
import org.jdbi.v3.core.statement.StatementContext;

/** A {@code routes} row as a {@link Route}; its filters are one a line (see {@link RouteDao}). */
final class RouteRowMapper implements RowMapper<Route> {

    @Override
    public Route map(ResultSet row, StatementContext context) throws SQLException {
        String eventTypes = row.getString("event_types");
        return new Route(
                row.getString("id"),
                row.getString("source_id"),
                row.getString("target_id"),
                eventTypes.isEmpty() ? List.of() : List.of(eventTypes.split("\n", -1)));
    }
}
