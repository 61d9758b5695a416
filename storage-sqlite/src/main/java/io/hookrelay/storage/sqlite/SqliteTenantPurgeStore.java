package io.hookrelay.storage.sqlite;

import io.hookrelay.delivery.model.TenantId;
import io.hookrelay.delivery.port.TenantPurgeStore;
import io.hookrelay.delivery.port.TenantRows;
import io.hookrelay.storage.jdbi.tenant.TenantPurges;
import io.hookrelay.storage.jdbi.tenant.TenantPurges.KeyedRows;
import java.util.List;
import java.util.Objects;

/**
 * {@link TenantPurgeStore} on SQLite. Finding reads from the pool, so it never holds the writer; each batch is one
 * task for the database's single writer, so other tenants' webhooks get their turn between batches. The pages the
 * deleted rows held go to the database's free list, and the rows written next take them before the file grows.
 * What the delivery path counts per target in this process (slots, streaks, rate limits) is left to the restart.
 */
public final class SqliteTenantPurgeStore implements TenantPurgeStore {
    private final SqliteRelayDatabase database;
    private final SqliteIntentStore intents;

    public SqliteTenantPurgeStore(SqliteRelayDatabase database) {
        this.database = Objects.requireNonNull(database, "database");
        this.intents = new SqliteIntentStore(database.database());
    }

    @Override
    public List<TenantId> deletedWithRows(int limit) {
        return database.read("find deleted tenants", handle -> TenantPurges.deletedWithRows(handle, limit));
    }

    /** A batch of configuration drops the cached sources, targets and routes, as every change of them does. */
    @Override
    public int deleteBatch(TenantId tenant, TenantRows part, int limit) {
        Objects.requireNonNull(tenant, "tenant");
        if (part == TenantRows.CONFIGURATION) {
            return database.changingConfig(() -> purge(tenant, part, limit));
        }
        return purge(tenant, part, limit);
    }

    private int purge(TenantId tenant, TenantRows part, int limit) {
        return intents.write("purge deleted tenant",
                (handle, writes) -> TenantPurges.deleteBatch(handle, writes, tenant, part, limit, KeyedRows.NONE));
    }
}
