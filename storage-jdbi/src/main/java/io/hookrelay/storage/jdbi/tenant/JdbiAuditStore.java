package io.hookrelay.storage.jdbi.tenant;

import io.hookrelay.delivery.audit.AuditEntry;
import io.hookrelay.delivery.audit.AuditedChange;
import io.hookrelay.delivery.port.AuditStore;
import io.hookrelay.delivery.query.PageRequest;
import io.hookrelay.storage.jdbi.DaoRunner;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/** {@link AuditStore} on either SQL database: a row per entry, listed by its id, which sorts by time. */
public final class JdbiAuditStore implements AuditStore {
    private final DaoRunner database;

    public JdbiAuditStore(DaoRunner database) {
        this.database = Objects.requireNonNull(database, "database");
    }

    @Override
    public void append(AuditEntry entry) {
        AuditedChange change = entry.change();
        database.writeStatement("append to the audit log", daos -> {
            daos.attach(AuditDao.class).insert(entry.id(), entry.at().toEpochMilli(), change.actor(), change.tenantId(), change.action(),
                    change.resourceType(), change.resourceId().orElse(null));
            return null;
        });
    }

    @Override
    public List<AuditEntry> newestFirst(Optional<String> tenantId, PageRequest page) {
        Objects.requireNonNull(tenantId, "tenantId");
        return database.read("list the audit log", daos -> {
            AuditDao log = daos.attach(AuditDao.class);
            return tenantId.isPresent() ? log.newestFirstOf(tenantId.get(), page.fetchBelow(), page.fetchSize())
                    : log.newestFirst(page.fetchBelow(), page.fetchSize());
        });
    }
}
