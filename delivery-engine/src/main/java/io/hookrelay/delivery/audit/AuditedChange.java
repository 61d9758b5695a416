package io.hookrelay.delivery.audit;

import java.util.Objects;
import java.util.Optional;

/**
 * One change made through the API or the console, as the audit log keeps it (DESIGN §12): who made it, in which tenant,
 * what was done to what. Ids only, never a value that was set, so no secret can reach the log.
 *
 * @param actor        {@code operator}, or the id of the tenant key that made it
 * @param action       what was done, as {@code <resource type>.<verb>}: {@code target.pause}, {@code source.create}
 * @param resourceType what kind of thing it was done to: {@code target}, {@code key}, {@code settings}
 * @param resourceId   which one; none for the settings or a bulk retry
 */
public record AuditedChange(String actor, String tenantId, String action, String resourceType, Optional<String> resourceId) {
    public AuditedChange {
        Objects.requireNonNull(actor, "actor");
        Objects.requireNonNull(tenantId, "tenantId");
        Objects.requireNonNull(action, "action");
        Objects.requireNonNull(resourceType, "resourceType");
        Objects.requireNonNull(resourceId, "resourceId");
    }
}
