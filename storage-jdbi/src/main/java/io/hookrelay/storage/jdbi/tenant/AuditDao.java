package io.hookrelay.storage.jdbi.tenant;

import io.hookrelay.delivery.audit.AuditEntry;
import io.hookrelay.delivery.audit.AuditedChange;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.jdbi.v3.core.mapper.RowMapper;
import org.jdbi.v3.core.statement.StatementContext;
import org.jdbi.v3.sqlobject.config.RegisterRowMapper;
import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;

/** The {@code audit_log} table, only ever added to. Times are epoch milliseconds. */
@RegisterRowMapper(AuditDao.Rows.class)
interface AuditDao {
    String COLUMNS = "id, at, actor, tenant_id, action, resource_type, resource_id";

    @SqlUpdate("INSERT INTO audit_log (" + COLUMNS + ") VALUES (:id, :at, :actor, :tenantId, :action, :resourceType, :resourceId)")
    void insert(String id, long at, String actor, String tenantId, String action, String resourceType, String resourceId);

    /** Walks the primary key down from {@code below}. */
    @SqlQuery("SELECT " + COLUMNS + " FROM audit_log WHERE id < :below ORDER BY id DESC LIMIT :limit")
    List<AuditEntry> newestFirst(String below, int limit);

    /** Walks {@code audit_log_of_tenant} down from {@code below}. */
    @SqlQuery("SELECT " + COLUMNS + " FROM audit_log WHERE tenant_id = :tenantId AND id < :below ORDER BY id DESC LIMIT :limit")
    List<AuditEntry> newestFirstOf(String tenantId, String below, int limit);

    /** A row as an {@link AuditEntry}. */
    final class Rows implements RowMapper<AuditEntry> {
        @Override
        public AuditEntry map(ResultSet row, StatementContext context) throws SQLException {
            return new AuditEntry(row.getString("id"), Instant.ofEpochMilli(row.getLong("at")), new AuditedChange(row.getString("actor"),
                    row.getString("tenant_id"), row.getString("action"), row.getString("resource_type"),
                    Optional.ofNullable(row.getString("resource_id"))));
        }
    }
}
