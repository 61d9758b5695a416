package io.hookrelay.storage.postgres;

import io.hookrelay.delivery.retention.EventCandidate;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import org.jdbi.v3.core.mapper.RowMapper;
import org.jdbi.v3.core.statement.StatementContext;

/** An event retention may delete, from {@link RetentionDao#eventsReceivedBefore}. */
final class EventCandidateRowMapper implements RowMapper<EventCandidate> {

    @Override
    public EventCandidate map(ResultSet row, StatementContext context) throws SQLException {
        return new EventCandidate(row.getString("id"), Instant.ofEpochMilli(row.getLong("received_at")),
                row.getBoolean("has_deliveries"));
    }
}
