package io.hookrelay.storage.jdbi.tenant;

import io.hookrelay.delivery.port.TenantStore;
import io.hookrelay.delivery.tenant.Tenant;
import io.hookrelay.delivery.tenant.TenantQuotas;
import io.hookrelay.storage.jdbi.DaoRunner;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * {@link TenantStore} on either SQL database: a row per tenant, {@code default} made by the schema's migration. A
 * tenant is looked up for every webhook and every delivery, so where the runner keeps reads until the next write of
 * the same rows (SQLite's one process), {@link #find} is answered from memory.
 */
public final class JdbiTenantStore implements TenantStore {
    private final DaoRunner database;

    public JdbiTenantStore(DaoRunner database) {
        this.database = Objects.requireNonNull(database, "database");
    }

    @Override
    public boolean create(Tenant tenant) {
        TenantQuotas quotas = tenant.quotas();
        return database.writeStatement("create tenant", daos -> daos.attach(TenantDao.class).insert(tenant.id(), tenant.name(),
                column(quotas.ingestPerSecond()), column(quotas.maxInFlight()), column(quotas.maxSources()),
                column(quotas.maxTargets()), tenant.suspended(), tenant.createdAt().toEpochMilli())) == 1;
    }

    @Override
    public boolean update(Tenant tenant) {
        TenantQuotas quotas = tenant.quotas();
        return database.writeStatement("update tenant", daos -> daos.attach(TenantDao.class).update(tenant.id(), tenant.name(),
                column(quotas.ingestPerSecond()), column(quotas.maxInFlight()), column(quotas.maxSources()),
                column(quotas.maxTargets()))) == 1;
    }

    @Override
    public boolean setSuspended(String id, boolean suspended) {
        Objects.requireNonNull(id, "id");
        return database.writeStatement("suspend tenant", daos -> daos.attach(TenantDao.class).setSuspended(id, suspended)) == 1;
    }

    @Override
    public boolean delete(String id) {
        if (Tenant.DEFAULT.equals(Objects.requireNonNull(id, "id"))) {
            throw new IllegalArgumentException("the tenant " + Tenant.DEFAULT + " is never deleted");
        }
        return database.writeStatement("delete tenant", daos -> daos.attach(TenantDao.class).delete(id)) == 1;
    }

    @Override
    public Optional<Tenant> find(String id) {
        Objects.requireNonNull(id, "id");
        return database.readKept("find tenant", List.of("tenant", id), daos -> daos.attach(TenantDao.class).find(id));
    }

    @Override
    public List<Tenant> listAfter(String after, int limit) {
        Objects.requireNonNull(after, "after");
        return database.read("list tenants", daos -> daos.attach(TenantDao.class).listAfter(after, limit));
    }

    private static Integer column(OptionalInt limit) {
        return limit.isPresent() ? limit.getAsInt() : null;
    }
}
