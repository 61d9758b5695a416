package io.hookrelay.storage.sqlite;

import io.hookrelay.delivery.model.ScopedId;
import io.hookrelay.delivery.model.Target;
import io.hookrelay.delivery.model.TenantId;
import io.hookrelay.delivery.port.TargetStore;
import io.hookrelay.storage.jdbi.TargetColumns;
import io.hookrelay.storage.jdbi.TargetDao;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.UnaryOperator;

/** {@link TargetStore} on SQLite: writes through the database's single writer, reads from its pool. */
public final class SqliteTargetStore implements TargetStore {
    private final SqliteRelayDatabase database;
    private final SqliteIntentStore intents;

    public SqliteTargetStore(SqliteRelayDatabase database) {
        this.database = Objects.requireNonNull(database, "database");
        this.intents = new SqliteIntentStore(database.database());
    }

    @Override
    public boolean create(TenantId tenant, Target target) {
        Map<String, Object> columns = columns(tenant, target);
        return database.writeConfig("create target", handle -> handle.attach(TargetDao.class).insert(columns)) == 1;
    }

    /** The single writer runs one write at a time, so the read in it is what the write replaces. */
    @Override
    public Optional<Target> change(TenantId tenant, String id, UnaryOperator<Target> change) {
        Objects.requireNonNull(change, "change");
        return database.writeConfig("change target", handle -> {
            TargetDao targets = handle.attach(TargetDao.class);
            Optional<Target> changed = targets.find(tenant.value(), id).map(change);
            changed.ifPresent(target -> targets.update(columns(tenant, target)));
            return changed;
        });
    }

    /**
     * Its deliveries' work is retired with it, in the same transaction. A missing target changes nothing: not
     * even a pause or deliveries left under its id.
     */
    @Override
    public boolean delete(TenantId tenant, String id, Instant now) {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(now, "now");
        return database.changingConfig(() -> intents.write("delete target",
                (handle, writes) -> handle.attach(TargetDao.class).deleteRetiringItsWork(new ScopedId(tenant, id), writes, now)));
    }

    @Override
    public Optional<Target> find(TenantId tenant, String id) {
        Objects.requireNonNull(id, "id");
        return database.readConfig("find target", List.of("target", tenant.value(), id),
                handle -> handle.attach(TargetDao.class).find(tenant.value(), id));
    }

    @Override
    public List<Target> list(TenantId tenant) {
        return database.read("list targets", handle -> handle.attach(TargetDao.class).list(tenant.value()));
    }

    private Map<String, Object> columns(TenantId tenant, Target target) {
        Map<String, Object> columns = TargetColumns.values(target, SqliteStoredForms.INSTANCE, database.secrets(),
                database.clock().instant());
        columns.put("tenant", tenant.value());
        return columns;
    }
}
