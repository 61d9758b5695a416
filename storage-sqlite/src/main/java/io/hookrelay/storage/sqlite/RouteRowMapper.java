package io.hookrelay.storage.sqlite;

import io.hookrelay.delivery.Route;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.jdbi.v3.core.mapper.RowMapper;
import org.jdbi.v3.core.statement.StatementContext;

/** A {@code routes} row as a {@link Route}. */
final class RouteRowMapper implements RowMapper<Route> {

    @Override
    public Route map(ResultSet row, StatementContext context) throws SQLException {
        return new Route(
                row.getString("id"),
                row.getString("source_id"),
                row.getString("target_id"),
                TextColumns.lines(row.getString("event_types")));
    }
}
