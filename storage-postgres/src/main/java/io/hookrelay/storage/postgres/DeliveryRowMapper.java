package io.hookrelay.storage.postgres;

import io.hookrelay.delivery.Delivery;
import io.hookrelay.queue.IntentState;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import org.jdbi.v3.core.mapper.RowMapper;
import org.jdbi.v3.core.statement.StatementContext;

/** A row of {@link DeliveryDao#SELECT} as a {@link Delivery}. */
final class DeliveryRowMapper implements RowMapper<Delivery> {

    @Override
    public Delivery map(ResultSet row, StatementContext context) throws SQLException {
        return new Delivery(
                row.getString("id"),
                row.getString("event_id"),
                row.getString("target_id"),
                IntentState.fromWireName(row.getString("state")),
                row.getInt("attempts"),
                instant(row, "next_at"),
                row.getString("last_error"),
                instant(row, "created_at"),
                instant(row, "updated_at"));
    }

    private static Instant instant(ResultSet row, String column) throws SQLException {
        return Instant.ofEpochMilli(row.getLong(column));
    }
}
