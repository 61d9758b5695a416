package io.hookrelay.delivery.retention;

import io.hookrelay.delivery.model.TenantId;
import io.hookrelay.delivery.port.TenantPurgeStore;
import io.hookrelay.delivery.port.TenantRows;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Deletes the rows deleted tenants left: deleting a tenant takes its row and keys at once, and its sources, targets,
 * events, deliveries and everything else follow here, in the background.
 *
 * <p>As retention does ({@link RetentionSweeper}), it works in small batches, each its own store call and so its own
 * short transaction: other tenants' webhooks share the database's writer (SQLite has one), and a tenant of a million
 * rows must reach them as many pauses of a few milliseconds rather than one long one. Each part is deleted batch
 * after batch until one finds nothing, in the order of {@link TenantRows}, so nothing is deleted before what
 * references it.
 */
public final class TenantPurger {
    public static final int DEFAULT_BATCH_SIZE = 100;
    /** Tenants deleted together are rare; the next purge takes any beyond these. */
    static final int TENANTS_PER_PURGE = 100;
    private static final Logger log = LoggerFactory.getLogger(TenantPurger.class);

    private final TenantPurgeStore store;
    private final int batchSize;

    public TenantPurger(TenantPurgeStore store) {
        this(store, DEFAULT_BATCH_SIZE);
    }

    public TenantPurger(TenantPurgeStore store, int batchSize) {
        this.store = Objects.requireNonNull(store, "store");
        if (batchSize < 1) {
            throw new IllegalArgumentException("batch size must be at least 1: " + batchSize);
        }
        this.batchSize = batchSize;
    }

    /**
     * Purges every deleted tenant that has rows left, one after the other. Asks {@code keepGoing} before every batch
     * and stops as soon as it says no, so a server stopping waits for one batch at most.
     *
     * @throws io.hookrelay.queue.StoreException when the store fails; batches already done stay done
     */
    public List<Purged> purge(BooleanSupplier keepGoing) {
        Permission run = new Permission(keepGoing);
        List<Purged> purged = new ArrayList<>();
        for (TenantId tenant : store.deletedWithRows(TENANTS_PER_PURGE)) {
            if (!run.mayContinue()) {
                break;
            }
            purged.add(purge(tenant, run));
        }
        return purged;
    }

    private Purged purge(TenantId tenant, Permission run) {
        log.info("purging the rows of deleted tenant {}", tenant);
        long started = System.nanoTime();
        Map<TenantRows, Integer> deleted = new EnumMap<>(TenantRows.class);
        for (TenantRows part : TenantRows.values()) {
            int count = 0;
            int batch = -1;
            while (batch != 0 && run.mayContinue()) {
                batch = store.deleteBatch(tenant, part, batchSize);
                count += batch;
            }
            deleted.put(part, count);
        }
        Purged purged = new Purged(tenant, deleted, !run.withdrawn());
        log.info("purged deleted tenant {} in {} ms: deliveries={} events={} audit={} configuration={}{}", tenant,
                TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started), purged.deleted(TenantRows.DELIVERIES),
                purged.deleted(TenantRows.EVENTS), purged.deleted(TenantRows.AUDIT),
                purged.deleted(TenantRows.CONFIGURATION), purged.finished() ? "" : ", stopped before the end");
        return purged;
    }
}
