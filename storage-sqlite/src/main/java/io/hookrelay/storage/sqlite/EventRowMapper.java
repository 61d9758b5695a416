package io.hookrelay.storage.sqlite;

import io.hookrelay.delivery.Event;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Optional;
import org.jdbi.v3.core.mapper.RowMapper;
import org.jdbi.v3.core.statement.StatementContext;

/** An {@code events} row as an {@link Event}, body and headers included. */
final class EventRowMapper implements RowMapper<Event> {

    @Override
    public Event map(ResultSet row, StatementContext context) throws SQLException {
        return new Event(
                row.getString("id"),
                row.getString("source_id"),
                Optional.ofNullable(row.getString("event_type")),
                Instant.ofEpochMilli(row.getLong("received_at")),
                row.getString("content_type"),
                TextColumns.parseHeaderLines(row.getString("headers")),
                row.getBytes("body"));
    }
}
