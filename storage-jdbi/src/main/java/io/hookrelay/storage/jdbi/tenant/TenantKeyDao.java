package io.hookrelay.storage.jdbi.tenant;

import io.hookrelay.delivery.port.TenantKeyStore;
import io.hookrelay.delivery.tenant.KeyScope;
import io.hookrelay.delivery.tenant.TenantKey;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.jdbi.v3.core.mapper.RowMapper;
import org.jdbi.v3.core.statement.StatementContext;
import org.jdbi.v3.sqlobject.config.RegisterRowMapper;
import org.jdbi.v3.sqlobject.statement.SqlBatch;
import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;
import org.jdbi.v3.sqlobject.statement.UseRowMapper;

/** The {@code tenant_keys} table: each key with its token's hash, never the token. Times are epoch milliseconds. */
@RegisterRowMapper(TenantKeyDao.Rows.class)
interface TenantKeyDao {
    String COLUMNS = "id, tenant_id, name, scope, created_at, expires_at, last_used_at";

    /** @return 1 when stored, 0 when the tenant does not exist */
    @SqlUpdate("""
            INSERT INTO tenant_keys (id, tenant_id, name, scope, token_hash, created_at, expires_at)
            SELECT :id, id, :name, :scope, :tokenHash, :createdAt, :expiresAt FROM tenants WHERE id = :tenantId
            """)
    int insert(String id, String tenantId, String name, String scope, String tokenHash, long createdAt, Long expiresAt);

    @SqlQuery("SELECT " + COLUMNS + " FROM tenant_keys WHERE tenant_id = :tenantId ORDER BY id")
    List<TenantKey> list(String tenantId);

    @SqlUpdate("DELETE FROM tenant_keys WHERE tenant_id = :tenantId AND id = :id")
    int delete(String tenantId, String id);

    @SqlQuery("SELECT " + COLUMNS + ", token_hash FROM tenant_keys WHERE token_hash = :tokenHash")
    @UseRowMapper(StoredRows.class)
    Optional<TenantKeyStore.Stored> findByTokenHash(String tokenHash);

    /**
     * Each key's last use, unless it records a later one; a key gone meanwhile matches no row. Run inside the caller's
     * transaction, never one of its own.
     */
    @SqlBatch(value = """
            UPDATE tenant_keys SET last_used_at = :usedAt
             WHERE id = :id AND (last_used_at IS NULL OR last_used_at < :usedAt)
            """, transactional = false)
    void recordUse(List<String> id, List<Long> usedAt);

    /** A row with its token's hash. */
    final class StoredRows implements RowMapper<TenantKeyStore.Stored> {
        private final Rows keys = new Rows();

        @Override
        public TenantKeyStore.Stored map(ResultSet row, StatementContext context) throws SQLException {
            return new TenantKeyStore.Stored(keys.map(row, context), row.getString("token_hash"));
        }
    }

    /** A row as a {@link TenantKey}. */
    final class Rows implements RowMapper<TenantKey> {
        @Override
        public TenantKey map(ResultSet row, StatementContext context) throws SQLException {
            String scope = row.getString("scope");
            return new TenantKey(row.getString("id"), row.getString("tenant_id"), row.getString("name"),
                    KeyScope.fromWireName(scope).orElseThrow(() -> new SQLException("unknown key scope " + scope)),
                    Instant.ofEpochMilli(row.getLong("created_at")), time(row, "expires_at"), time(row, "last_used_at"));
        }

        private static Optional<Instant> time(ResultSet row, String column) throws SQLException {
            long millis = row.getLong(column);
            return row.wasNull() ? Optional.empty() : Optional.of(Instant.ofEpochMilli(millis));
        }
    }
}
