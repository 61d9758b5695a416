package io.hookrelay.http;

import io.hookrelay.delivery.audit.AuditEntry;
import io.hookrelay.delivery.audit.AuditedChange;
import io.hookrelay.delivery.query.Page;
import io.hookrelay.delivery.query.PageRequest;
import io.hookrelay.delivery.usecase.KeepAuditLog;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

/** An audit log that keeps what it is told in memory, for tests of what the HTTP adapter records. */
final class AuditRecorder implements KeepAuditLog {
    private final List<AuditedChange> changes = new CopyOnWriteArrayList<>();

    @Override
    public void record(AuditedChange change) {
        changes.add(change);
    }

    @Override
    public Page<AuditEntry> list(Optional<String> tenantId, PageRequest page) {
        return new Page<>(List.of(), Optional.empty());
    }

    List<AuditedChange> changes() {
        return List.copyOf(changes);
    }
}
