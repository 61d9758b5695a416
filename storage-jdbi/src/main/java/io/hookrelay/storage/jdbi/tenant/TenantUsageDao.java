package io.hookrelay.storage.jdbi.tenant;

import io.hookrelay.delivery.tenant.TenantUsage;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDate;
import java.util.List;
import org.jdbi.v3.core.mapper.RowMapper;
import org.jdbi.v3.core.statement.StatementContext;
import org.jdbi.v3.sqlobject.config.RegisterRowMapper;
import org.jdbi.v3.sqlobject.statement.SqlBatch;
import org.jdbi.v3.sqlobject.statement.SqlQuery;

/** The {@code tenant_usage} table: a row per tenant and UTC day, {@code day} in days since 1970-01-01. */
@RegisterRowMapper(TenantUsageDao.Rows.class)
interface TenantUsageDao {

    /**
     * Adds each tenant's day to its row, made at zero if there is none; a tenant gone meanwhile matches no row of
     * {@code tenants} and adds nothing. Run inside the caller's transaction, never one of its own.
     */
    @SqlBatch(value = """
            INSERT INTO tenant_usage (tenant_id, day, events_accepted, attempts, deliveries_succeeded, deliveries_failed)
            SELECT id, :day, :eventsAccepted, :attempts, :deliveriesSucceeded, :deliveriesFailed FROM tenants WHERE id = :tenantId
            ON CONFLICT (tenant_id, day) DO UPDATE
               SET events_accepted = tenant_usage.events_accepted + excluded.events_accepted,
                   attempts = tenant_usage.attempts + excluded.attempts,
                   deliveries_succeeded = tenant_usage.deliveries_succeeded + excluded.deliveries_succeeded,
                   deliveries_failed = tenant_usage.deliveries_failed + excluded.deliveries_failed
            """, transactional = false)
    void add(List<String> tenantId, List<Long> day, List<Long> eventsAccepted, List<Long> attempts, List<Long> deliveriesSucceeded,
            List<Long> deliveriesFailed);

    @SqlQuery("""
            SELECT tenant_id, day, events_accepted, attempts, deliveries_succeeded, deliveries_failed
              FROM tenant_usage
             WHERE tenant_id = :tenantId AND day BETWEEN :from AND :to
             ORDER BY day
            """)
    List<TenantUsage> daily(String tenantId, long from, long to);

    /** A row as a {@link TenantUsage}. */
    final class Rows implements RowMapper<TenantUsage> {
        @Override
        public TenantUsage map(ResultSet row, StatementContext context) throws SQLException {
            return new TenantUsage(row.getString("tenant_id"), LocalDate.ofEpochDay(row.getLong("day")), row.getLong("events_accepted"),
                    row.getLong("attempts"), row.getLong("deliveries_succeeded"), row.getLong("deliveries_failed"));
        }
    }
}
