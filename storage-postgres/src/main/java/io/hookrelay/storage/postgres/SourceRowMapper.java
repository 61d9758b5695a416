package io.hookrelay.storage.postgres;

import io.hookrelay.delivery.EventTypeSource;
import io.hookrelay.delivery.SecretCipher;
import io.hookrelay.delivery.SignatureEncoding;
import io.hookrelay.delivery.Source;
import io.hookrelay.delivery.Verification;
import io.hookrelay.delivery.VerificationScheme;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;
import org.jdbi.v3.core.mapper.RowMapper;
import org.jdbi.v3.core.statement.StatementContext;

/** A {@code sources} row as a {@link Source}, its verification secret opened. */
final class SourceRowMapper implements RowMapper<Source> {
    private final SecretCipher secrets;

    SourceRowMapper(SecretCipher secrets) {
        this.secrets = secrets;
    }

    @Override
    public Source map(ResultSet row, StatementContext context) throws SQLException {
        return new Source(
                row.getString("id"),
                verification(row),
                Optional.ofNullable(row.getString("idempotency_header")),
                eventTypeSource(row),
                row.getInt("max_body_bytes"),
                SqlArrays.strings(row, "redact_headers"));
    }

    /**
     * Only {@code hmac-sha256} has a header, prefix and encoding of its own; the other schemes refuse them,
     * so their stored placeholders are not handed back.
     */
    private Verification verification(ResultSet row) throws SQLException {
        VerificationScheme scheme = VerificationScheme.fromWireName(row.getString("verify_scheme"))
                .orElseThrow(() -> new IllegalStateException("unknown stored verification scheme"));
        String secret = secrets.open(row.getString("verify_secret"));
        if (scheme != VerificationScheme.HMAC_SHA256) {
            return new Verification(scheme, secret, null, null, null);
        }
        SignatureEncoding encoding = SignatureEncoding.fromWireName(row.getString("verify_encoding"))
                .orElseThrow(() -> new IllegalStateException("unknown stored signature encoding"));
        return new Verification(scheme, secret, row.getString("verify_header"), row.getString("verify_prefix"), encoding);
    }

    private static EventTypeSource eventTypeSource(ResultSet row) throws SQLException {
        String header = row.getString("event_type_header");
        if (header != null) {
            return new EventTypeSource.Header(header);
        }
        String pointer = row.getString("event_type_json_pointer");
        return pointer != null ? new EventTypeSource.JsonPointer(pointer) : new EventTypeSource.None();
    }
}
