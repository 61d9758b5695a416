package io.hookrelay.storage.jdbi;

import io.hookrelay.queue.AttemptDetail;
import io.hookrelay.queue.AttemptOutcome;
import io.hookrelay.queue.AttemptRecord;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Optional;
import org.jdbi.v3.core.mapper.RowMapper;
import org.jdbi.v3.core.statement.StatementContext;

/** An {@code intent_attempts} row as an {@link AttemptRecord}; outcomes are stored by their metric label. */
public final class AttemptRowMapper implements RowMapper<AttemptRecord> {

    @Override
    public AttemptRecord map(ResultSet row, StatementContext context) throws SQLException {
        int statusCode = row.getInt("status_code");
        Optional<Integer> answered = row.wasNull() ? Optional.empty() : Optional.of(statusCode);
        return new AttemptRecord(
                row.getInt("attempt"),
                Instant.ofEpochMilli(row.getLong("started_at")),
                Duration.ofMillis(row.getLong("duration_ms")),
                AttemptOutcome.valueOf(row.getString("outcome").toUpperCase(Locale.ROOT)),
                row.getString("error"),
                new AttemptDetail(answered, row.getString("excerpt")));
    }
}
