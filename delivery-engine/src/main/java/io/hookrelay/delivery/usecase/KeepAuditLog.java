package io.hookrelay.delivery.usecase;

import io.hookrelay.delivery.audit.AuditEntry;
import io.hookrelay.delivery.audit.AuditedChange;
import io.hookrelay.delivery.query.Page;
import io.hookrelay.delivery.query.PageRequest;
import java.util.Optional;

/** Who changed what (DESIGN §12): each change recorded once it is made, and read back newest first. */
public interface KeepAuditLog {

    void record(AuditedChange change);

    /** Newest first; only {@code tenantId}'s when given. */
    Page<AuditEntry> list(Optional<String> tenantId, PageRequest page);
}
