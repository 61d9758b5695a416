package io.hookrelay.delivery.port;

import io.hookrelay.delivery.audit.AuditEntry;
import io.hookrelay.delivery.query.PageRequest;
import java.util.List;
import java.util.Optional;

/** The durable audit log: entries are only ever added, and listed newest first. */
public interface AuditStore {

    void append(AuditEntry entry);

    /** Up to {@link PageRequest#fetchSize()} entries below the page's bound, newest first; of one tenant when given. */
    List<AuditEntry> newestFirst(Optional<String> tenantId, PageRequest page);
}
