package io.hookrelay.storage.jdbi;

import io.hookrelay.queue.Intent;
import io.hookrelay.queue.IntentState;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import org.jdbi.v3.core.mapper.RowMapper;
import org.jdbi.v3.core.statement.StatementContext;

/** An {@code intents} row as an {@link Intent}. */
public final class IntentRowMapper implements RowMapper<Intent> {

    @Override
    public Intent map(ResultSet row, StatementContext context) throws SQLException {
        return new Intent(
                row.getString("id"),
                row.getString("kind"),
                row.getString("event_id"),
                row.getString("target"),
                row.getString("payload"),
                IntentState.fromWireName(row.getString("state")),
                row.getInt("attempts"),
                instant(row, "next_at"),
                instant(row, "created_at"),
                instant(row, "updated_at"),
                row.getString("last_error"),
                row.getString("claim_token"),
                instant(row, "claim_until"));
    }

    private static Instant instant(ResultSet row, String column) throws SQLException {
        return Instant.ofEpochMilli(row.getLong(column));
    }
}
