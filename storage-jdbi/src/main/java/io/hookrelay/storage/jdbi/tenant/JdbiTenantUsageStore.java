package io.hookrelay.storage.jdbi.tenant;

import io.hookrelay.delivery.port.TenantUsageStore;
import io.hookrelay.delivery.tenant.TenantUsage;
import io.hookrelay.storage.jdbi.DaoRunner;
import java.time.LocalDate;
import java.util.List;
import java.util.Objects;
import java.util.function.ToLongFunction;

/** {@link TenantUsageStore} on either SQL database: a row per tenant and day, each write adding to it. */
public final class JdbiTenantUsageStore implements TenantUsageStore {
    private final DaoRunner database;

    public JdbiTenantUsageStore(DaoRunner database) {
        this.database = Objects.requireNonNull(database, "database");
    }

    @Override
    public void add(List<TenantUsage> counts) {
        if (counts.isEmpty()) {
            return;
        }
        List<String> tenants = counts.stream().map(TenantUsage::tenantId).toList();
        database.write("add tenant usage", daos -> {
            daos.attach(TenantUsageDao.class).add(tenants, column(counts, usage -> usage.date().toEpochDay()),
                    column(counts, TenantUsage::eventsAccepted), column(counts, TenantUsage::attempts),
                    column(counts, TenantUsage::deliveriesSucceeded), column(counts, TenantUsage::deliveriesFailed));
            return null;
        });
    }

    @Override
    public List<TenantUsage> daily(String tenantId, LocalDate from, LocalDate to) {
        Objects.requireNonNull(tenantId, "tenantId");
        return database.read("read tenant usage", daos -> daos.attach(TenantUsageDao.class).daily(tenantId, from.toEpochDay(),
                to.toEpochDay()));
    }

    private static List<Long> column(List<TenantUsage> counts, ToLongFunction<TenantUsage> value) {
        return counts.stream().map(usage -> value.applyAsLong(usage)).toList();
    }
}
