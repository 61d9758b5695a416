package io.hookrelay.storage.postgres;

import io.hookrelay.delivery.SecretCipher;
import io.hookrelay.delivery.Target;
import java.net.URI;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import org.jdbi.v3.core.mapper.RowMapper;
import org.jdbi.v3.core.statement.StatementContext;

/** A {@code targets} row as a {@link Target}, its signing secret opened. */
final class TargetRowMapper implements RowMapper<Target> {
    private final SecretCipher secrets;

    TargetRowMapper(SecretCipher secrets) {
        this.secrets = secrets;
    }

    @Override
    public Target map(ResultSet row, StatementContext context) throws SQLException {
        return new Target(
                row.getString("id"),
                URI.create(row.getString("url")),
                secrets.open(row.getString("secret")),
                Duration.ofMillis(row.getLong("timeout_ms")),
                SqlArrays.parseSeconds(row, "retry_schedule_s"),
                row.getInt("max_in_flight"));
    }
}
