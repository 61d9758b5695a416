package io.hookrelay.storage.jdbi.tenant;

import io.hookrelay.delivery.model.Delivery;
import io.hookrelay.delivery.model.ScopedId;
import io.hookrelay.delivery.model.TenantId;
import io.hookrelay.delivery.port.TenantPurgeStore;
import io.hookrelay.delivery.port.TenantRows;
import io.hookrelay.queue.IntentWrites;
import io.hookrelay.storage.jdbi.Daos;
import io.hookrelay.storage.jdbi.RetentionBatches;
import java.util.List;
import java.util.Objects;

/**
 * What both databases do of {@link TenantPurgeStore}, on the DAOs and the queue's writes of a transaction the store
 * adapter opens, which adds what only its database keeps.
 */
public final class TenantPurges {

    private TenantPurges() {
    }

    /** See {@link TenantPurgeStore#deletedWithRows}; a plain read. */
    public static List<TenantId> deletedWithRows(Daos daos, int limit) {
        RetentionBatches.require(limit);
        return daos.attach(PurgeDao.class).deletedWithRows(limit).stream().map(TenantId::of).toList();
    }

    /**
     * One batch of {@link TenantPurgeStore#deleteBatch}: nothing when a tenant of the id exists. The intents of the
     * tenant's deliveries go through the queue's own writes, which fence off a running one's claim; {@code keyed}
     * goes with the configuration.
     */
    public static int deleteBatch(Daos daos, IntentWrites writes, TenantId tenant, TenantRows part, int limit,
                                  KeyedRows keyed) {
        Objects.requireNonNull(part, "part");
        RetentionBatches.require(limit);
        PurgeDao dao = daos.attach(PurgeDao.class);
        String id = tenant.value();
        if (tenant.isDefault() || dao.tenantsOf(id) > 0) {
            return 0;
        }
        return switch (part) {
            case DELIVERIES -> {
                List<String> ids = dao.deliveries(id, limit);
                int deleted = ids.isEmpty() ? 0 : dao.deleteDeliveries(id, ids);
                writes.deleteInNamespace(Delivery.KIND, ScopedId.namespaceOf(tenant), ids);
                yield deleted;
            }
            case EVENTS -> {
                List<String> ids = dao.events(id, limit);
                if (ids.isEmpty()) {
                    yield 0;
                }
                dao.deleteKeys(ids);
                yield dao.deleteEvents(id, ids);
            }
            case AUDIT -> dao.deleteAudit(id, limit);
            case CONFIGURATION -> deleteConfiguration(dao, writes, tenant, limit, keyed);
        };
    }

    /**
     * The rows keyed by the tenant's targets' queue keys ({@link ScopedId#key}) are those from {@code tenant/} up to
     * {@code tenant0}: {@code 0} follows {@code /}, and ids hold nothing between.
     */
    private static int deleteConfiguration(PurgeDao dao, IntentWrites writes, TenantId tenant, int limit, KeyedRows keyed) {
        String id = tenant.value();
        String from = id + "/";
        String to = id + "0";
        return dao.deleteRoutes(id, limit) + dao.deleteSources(id, limit) + dao.deleteTargets(id, limit)
                + dao.deleteSettings(id, limit) + dao.deleteAlerts(from, to) + keyed.delete(from, to)
                + writes.liftPauses(Delivery.KIND, ScopedId.namespaceOf(tenant));
    }

    /** Rows a database keeps by a target's queue key besides its alerts, which go with the configuration. */
    @FunctionalInterface
    public interface KeyedRows {
        KeyedRows NONE = (from, to) -> 0;

        /** Deletes the rows keyed from {@code from} up to, not including, {@code to}. @return how many */
        int delete(String from, String to);
    }
}
