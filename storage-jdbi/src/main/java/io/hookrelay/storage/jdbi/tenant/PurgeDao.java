package io.hookrelay.storage.jdbi.tenant;

import java.util.List;
import org.jdbi.v3.sqlobject.customizer.BindList;
import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;

/**
 * The relay's rows of a deleted tenant, found and deleted by the tenant's id: the same statements on both databases,
 * each batch found through an index or key led by the tenant, and rows keyed by a target's queue key as a range of
 * keys ({@code TenantPurges}).
 */
interface PurgeDao {

    /**
     * Ids that rows carry in a table the tenant's other rows depend on, but no tenant has: deliveries and idempotency
     * keys need their event, routes their source and target. {@link TenantDao#insert} checks the same tables. Each
     * table's ids are read as a loose index scan, one look-up per tenant however many rows each has.
     */
    @SqlQuery("""
            WITH RECURSIVE
            of_sources (tenant_id) AS (
                SELECT (SELECT tenant_id FROM sources ORDER BY tenant_id LIMIT 1)
                UNION ALL
                SELECT (SELECT tenant_id FROM sources WHERE tenant_id > seen.tenant_id ORDER BY tenant_id LIMIT 1)
                  FROM of_sources AS seen WHERE seen.tenant_id IS NOT NULL),
            of_targets (tenant_id) AS (
                SELECT (SELECT tenant_id FROM targets ORDER BY tenant_id LIMIT 1)
                UNION ALL
                SELECT (SELECT tenant_id FROM targets WHERE tenant_id > seen.tenant_id ORDER BY tenant_id LIMIT 1)
                  FROM of_targets AS seen WHERE seen.tenant_id IS NOT NULL),
            of_events (tenant_id) AS (
                SELECT (SELECT tenant_id FROM events ORDER BY tenant_id LIMIT 1)
                UNION ALL
                SELECT (SELECT tenant_id FROM events WHERE tenant_id > seen.tenant_id ORDER BY tenant_id LIMIT 1)
                  FROM of_events AS seen WHERE seen.tenant_id IS NOT NULL),
            of_settings (tenant_id) AS (
                SELECT (SELECT tenant_id FROM settings ORDER BY tenant_id LIMIT 1)
                UNION ALL
                SELECT (SELECT tenant_id FROM settings WHERE tenant_id > seen.tenant_id ORDER BY tenant_id LIMIT 1)
                  FROM of_settings AS seen WHERE seen.tenant_id IS NOT NULL),
            of_audit (tenant_id) AS (
                SELECT (SELECT tenant_id FROM audit_log ORDER BY tenant_id LIMIT 1)
                UNION ALL
                SELECT (SELECT tenant_id FROM audit_log WHERE tenant_id > seen.tenant_id ORDER BY tenant_id LIMIT 1)
                  FROM of_audit AS seen WHERE seen.tenant_id IS NOT NULL)
            SELECT tenant_id
              FROM (SELECT tenant_id FROM of_sources UNION SELECT tenant_id FROM of_targets
                    UNION SELECT tenant_id FROM of_events UNION SELECT tenant_id FROM of_settings
                    UNION SELECT tenant_id FROM of_audit) AS owners
             WHERE tenant_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM tenants WHERE tenants.id = owners.tenant_id)
             ORDER BY tenant_id
             LIMIT :limit
            """)
    List<String> deletedWithRows(int limit);

    /** Asked at the start of every batch's transaction: a tenant of the id exists again, and its rows are its own. */
    @SqlQuery("SELECT count(*) FROM tenants WHERE id = :tenant")
    int tenantsOf(String tenant);

    @SqlQuery("SELECT id FROM deliveries WHERE tenant_id = :tenant LIMIT :limit")
    List<String> deliveries(String tenant, int limit);

    /** Before their intents, which they reference. */
    @SqlUpdate("DELETE FROM deliveries WHERE tenant_id = :tenant AND id IN (<ids>)")
    int deleteDeliveries(String tenant, @BindList("ids") List<String> ids);

    @SqlQuery("SELECT id FROM events WHERE tenant_id = :tenant LIMIT :limit")
    List<String> events(String tenant, int limit);

    /** Before their events, which they reference. */
    @SqlUpdate("DELETE FROM idempotency_keys WHERE event_id IN (<ids>)")
    int deleteKeys(@BindList("ids") List<String> ids);

    /** An event that still has a delivery (one added since its tenant's were deleted) waits for the next purge. */
    @SqlUpdate("""
            DELETE FROM events
             WHERE tenant_id = :tenant AND id IN (<ids>)
               AND NOT EXISTS (SELECT 1 FROM deliveries WHERE deliveries.event_id = events.id)
            """)
    int deleteEvents(String tenant, @BindList("ids") List<String> ids);

    @SqlUpdate("DELETE FROM audit_log WHERE id IN (SELECT id FROM audit_log WHERE tenant_id = :tenant LIMIT :limit)")
    int deleteAudit(String tenant, int limit);

    /** Before the sources and targets, so their own deletes cascade to nothing. */
    @SqlUpdate("DELETE FROM routes WHERE id IN (SELECT id FROM routes WHERE tenant_id = :tenant LIMIT :limit)")
    int deleteRoutes(String tenant, int limit);

    @SqlUpdate("""
            DELETE FROM sources
             WHERE tenant_id = :tenant AND id IN (SELECT id FROM sources WHERE tenant_id = :tenant LIMIT :limit)
            """)
    int deleteSources(String tenant, int limit);

    @SqlUpdate("""
            DELETE FROM targets
             WHERE tenant_id = :tenant AND id IN (SELECT id FROM targets WHERE tenant_id = :tenant LIMIT :limit)
            """)
    int deleteTargets(String tenant, int limit);

    @SqlUpdate("""
            DELETE FROM settings
             WHERE tenant_id = :tenant AND name IN (SELECT name FROM settings WHERE tenant_id = :tenant LIMIT :limit)
            """)
    int deleteSettings(String tenant, int limit);

    /** One row per broken target at most, so the range is never more than a batch worth counting. */
    @SqlUpdate("DELETE FROM target_alerts WHERE target_id >= :from AND target_id < :to")
    int deleteAlerts(String from, String to);
}
