package io.hookrelay.storage.postgres;

import io.hookrelay.delivery.EventSummary;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Optional;
import org.jdbi.v3.core.mapper.RowMapper;
import org.jdbi.v3.core.statement.StatementContext;

/** A row of {@link EventDao#SUMMARY} as an {@link EventSummary}. */
final class EventSummaryRowMapper implements RowMapper<EventSummary> {

    @Override
    public EventSummary map(ResultSet row, StatementContext context) throws SQLException {
        return new EventSummary(
                row.getString("id"),
                row.getString("source_id"),
                Optional.ofNullable(row.getString("event_type")),
                Instant.ofEpochMilli(row.getLong("received_at")),
                row.getString("content_type"),
                row.getInt("body_bytes"));
    }
}
