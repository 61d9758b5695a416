package io.hookrelay.storage.postgres.relay;

import io.hookrelay.delivery.model.TenantId;
import io.hookrelay.delivery.port.TenantPurgeStore;
import io.hookrelay.delivery.port.TenantRows;
import io.hookrelay.storage.jdbi.tenant.TenantPurges;
import io.hookrelay.storage.postgres.PostgresDatabase;
import io.hookrelay.storage.postgres.PostgresIntentStore;
import java.util.List;
import java.util.Objects;

/**
 * {@link TenantPurgeStore} on PostgreSQL: each batch one transaction of its own, and with the configuration go the
 * rows nodes count per target together (slots, streaks, rate-limit buckets, the tenant's own ingest bucket among
 * them). Purges may run on every node at once: each deletes a row once, and the others find it gone. Deleted rows
 * leave dead tuples that autovacuum reclaims, as it does those of retention.
 */
public final class PostgresTenantPurgeStore implements TenantPurgeStore {
    private final PostgresDatabase database;
    private final PostgresIntentStore intents;

    PostgresTenantPurgeStore(PostgresDatabase database, PostgresIntentStore intents) {
        this.database = database;
        this.intents = intents;
    }

    @Override
    public List<TenantId> deletedWithRows(int limit) {
        return database.read("find deleted tenants", handle -> TenantPurges.deletedWithRows(handle::attach, limit));
    }

    @Override
    public int deleteBatch(TenantId tenant, TenantRows part, int limit) {
        Objects.requireNonNull(tenant, "tenant");
        return intents.inTransaction("purge deleted tenant", (handle, writes) -> {
            PurgeKeyDao keys = handle.attach(PurgeKeyDao.class);
            return TenantPurges.deleteBatch(handle::attach, writes, tenant, part, limit,
                    (from, to) -> keys.deleteSlots(from, to) + keys.deleteStreaks(from, to) + keys.deleteBuckets(from, to));
        });
    }
}
