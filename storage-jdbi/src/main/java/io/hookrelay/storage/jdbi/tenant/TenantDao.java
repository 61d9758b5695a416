package io.hookrelay.storage.jdbi.tenant;

import io.hookrelay.delivery.tenant.Tenant;
import io.hookrelay.delivery.tenant.TenantQuotas;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.jdbi.v3.core.mapper.RowMapper;
import org.jdbi.v3.core.statement.StatementContext;
import org.jdbi.v3.sqlobject.config.RegisterRowMapper;
import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;

/** The {@code tenants} table: a quota column is null for no limit. Times are epoch milliseconds. */
@RegisterRowMapper(TenantDao.Rows.class)
interface TenantDao {
    String COLUMNS = "id, name, ingest_per_s, max_in_flight, max_sources, max_targets, suspended, created_at";

    /**
     * @return 1 when stored, 0 when the id is taken, by a tenant or by the rows a deleted tenant of that id left and its
     *         purge has not yet deleted ({@link PurgeDao#deletedWithRows}, the same tables): a new tenant must never find
     *         another's rows as its own
     */
    @SqlUpdate("""
            INSERT INTO tenants (""" + COLUMNS + """
            )
            SELECT :id, :name, :ingestPerS, :maxInFlight, :maxSources, :maxTargets, :suspended, :createdAt
             WHERE NOT EXISTS (SELECT 1 FROM sources WHERE tenant_id = :id)
               AND NOT EXISTS (SELECT 1 FROM targets WHERE tenant_id = :id)
               AND NOT EXISTS (SELECT 1 FROM events WHERE tenant_id = :id)
               AND NOT EXISTS (SELECT 1 FROM settings WHERE tenant_id = :id)
               AND NOT EXISTS (SELECT 1 FROM audit_log WHERE tenant_id = :id)
            ON CONFLICT (id) DO NOTHING
            """)
    int insert(String id, String name, Integer ingestPerS, Integer maxInFlight, Integer maxSources, Integer maxTargets,
            boolean suspended, long createdAt);

    @SqlUpdate("""
            UPDATE tenants
               SET name = :name, ingest_per_s = :ingestPerS, max_in_flight = :maxInFlight, max_sources = :maxSources,
                   max_targets = :maxTargets
             WHERE id = :id
            """)
    int update(String id, String name, Integer ingestPerS, Integer maxInFlight, Integer maxSources, Integer maxTargets);

    @SqlUpdate("UPDATE tenants SET suspended = :suspended WHERE id = :id")
    int setSuspended(String id, boolean suspended);

    @SqlUpdate("DELETE FROM tenants WHERE id = :id")
    int delete(String id);

    @SqlQuery("SELECT " + COLUMNS + " FROM tenants WHERE id = :id")
    Optional<Tenant> find(String id);

    @SqlQuery("SELECT " + COLUMNS + " FROM tenants WHERE id > :after ORDER BY id LIMIT :limit")
    List<Tenant> listAfter(String after, int limit);

    /** A row as a {@link Tenant}. */
    final class Rows implements RowMapper<Tenant> {
        @Override
        public Tenant map(ResultSet row, StatementContext context) throws SQLException {
            TenantQuotas quotas = new TenantQuotas(limit(row, "ingest_per_s"), limit(row, "max_in_flight"),
                    limit(row, "max_sources"), limit(row, "max_targets"));
            return new Tenant(row.getString("id"), row.getString("name"), quotas, row.getBoolean("suspended"),
                    Instant.ofEpochMilli(row.getLong("created_at")));
        }

        private static OptionalInt limit(ResultSet row, String column) throws SQLException {
            int value = row.getInt(column);
            return row.wasNull() ? OptionalInt.empty() : OptionalInt.of(value);
        }
    }
}
