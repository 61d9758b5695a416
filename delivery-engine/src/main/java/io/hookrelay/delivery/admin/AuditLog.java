package io.hookrelay.delivery.admin;

import io.hookrelay.delivery.audit.AuditEntry;
import io.hookrelay.delivery.audit.AuditedChange;
import io.hookrelay.delivery.model.ResourceIds;
import io.hookrelay.delivery.model.Ulids;
import io.hookrelay.delivery.port.AuditStore;
import io.hookrelay.delivery.query.Page;
import io.hookrelay.delivery.query.PageRequest;
import io.hookrelay.delivery.usecase.KeepAuditLog;
import java.time.Clock;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/** The audit log: each change stamped with an id and the time it is recorded. */
public final class AuditLog implements KeepAuditLog {
    private final AuditStore store;
    private final Ulids ulids;
    private final Clock clock;

    public AuditLog(AuditStore store, Ulids ulids, Clock clock) {
        this.store = Objects.requireNonNull(store, "store");
        this.ulids = Objects.requireNonNull(ulids, "ulids");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    @Override
    public void record(AuditedChange change) {
        Instant now = clock.instant();
        store.append(new AuditEntry(ulids.next(Ulids.AUDIT, now), now, change));
    }

    @Override
    public Page<AuditEntry> list(Optional<String> tenantId, PageRequest page) {
        tenantId.ifPresent(id -> ResourceIds.require(id, "tenant"));
        return Page.of(store.newestFirst(tenantId, page), page, AuditEntry::id);
    }
}
