package io.hookrelay.delivery.port;

import io.hookrelay.delivery.model.TenantId;
import java.util.List;

/**
 * What deleted tenants left behind, found with plain reads and deleted a batch at a time, one transaction per call.
 *
 * <p>A deleted tenant is an id that rows still carry but no tenant has: deleting a tenant removes its row alone, and
 * nothing else records the deletion, so a row that a write already under way adds after the tenant went is found
 * the same way. Every delete checks again, in its own transaction, that no tenant of that id exists; creating one is
 * refused while its rows remain ({@link TenantStore#create}), so a purge never reaches a new tenant's rows.
 */
public interface TenantPurgeStore {

    /** Ids of tenants that do not exist but whose sources, targets, events, settings or audit entries remain, by id, at most {@code limit}. */
    List<TenantId> deletedWithRows(int limit);

    /**
     * Deletes up to {@code limit} of the deleted tenant's rows of {@code part} (for {@link TenantRows#CONFIGURATION},
     * up to {@code limit} of each kind it names), with what goes with them; nothing while a tenant of that id exists.
     *
     * @return how many rows were deleted, a delivery with its intent and attempt log as one, an event with its key as one
     */
    int deleteBatch(TenantId tenant, TenantRows part, int limit);
}
