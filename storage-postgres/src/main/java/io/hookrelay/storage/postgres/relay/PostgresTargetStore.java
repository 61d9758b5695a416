package io.hookrelay.storage.postgres.relay;

import io.hookrelay.delivery.model.ScopedId;
import io.hookrelay.delivery.model.Target;
import io.hookrelay.delivery.model.TenantId;
import io.hookrelay.delivery.port.TargetStore;
import io.hookrelay.storage.jdbi.TargetColumns;
import io.hookrelay.storage.jdbi.TargetDao;
import io.hookrelay.storage.postgres.PostgresDatabase;
import io.hookrelay.storage.postgres.PostgresIntentStore;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * {@link TargetStore} on PostgreSQL. Every read goes to the database: other nodes may change a target at any
 * time, and nothing here would hear of it.
 */
public final class PostgresTargetStore implements TargetStore {
    private final PostgresDatabase database;
    private final PostgresIntentStore intents;
    private final RelayHandles handles;

    PostgresTargetStore(PostgresDatabase database, PostgresIntentStore intents, RelayHandles handles) {
        this.database = database;
        this.intents = intents;
        this.handles = handles;
    }

    @Override
    public boolean create(TenantId tenant, Target target) {
        Map<String, Object> columns = columns(tenant, target);
        return database.transaction("create target", handle -> handles.attach(handle, TargetDao.class).insert(columns)) == 1;
    }

    /** The row is locked as it is read, so a change on another node waits for this one and starts from it. */
    @Override
    public Optional<Target> change(TenantId tenant, String id, UnaryOperator<Target> change) {
        Objects.requireNonNull(change, "change");
        return database.transaction("change target", handle -> {
            Optional<Target> changed = handles.attach(handle, TargetLockDao.class).findForUpdate(tenant.value(), id).map(change);
            changed.ifPresent(target -> handles.attach(handle, TargetDao.class).update(columns(tenant, target)));
            return changed;
        });
    }

    /**
     * The queue retires the target's work in the same transaction: its open deliveries are cancelled, their
     * claims fenced off, its pause lifted. A missing target changes nothing, not even work left under its id.
     */
    @Override
    public boolean delete(TenantId tenant, String id, Instant now) {
        ScopedId target = new ScopedId(tenant, id);
        Objects.requireNonNull(now, "now");
        return intents.inTransaction("delete target",
                (handle, writes) -> handles.attach(handle, TargetDao.class).deleteRetiringItsWork(target, writes, now));
    }

    @Override
    public Optional<Target> find(TenantId tenant, String id) {
        Objects.requireNonNull(id, "id");
        return database.read("find target", handle -> handles.attach(handle, TargetDao.class).find(tenant.value(), id));
    }

    @Override
    public List<Target> list(TenantId tenant) {
        return database.read("list targets", handle -> handles.attach(handle, TargetDao.class).list(tenant.value()));
    }

    private Map<String, Object> columns(TenantId tenant, Target target) {
        Map<String, Object> columns = TargetColumns.values(target, PostgresStoredForms.INSTANCE, handles.secrets(),
                database.clock().instant());
        columns.put("tenant", tenant.value());
        return columns;
    }
}
