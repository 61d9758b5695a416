package io.hookrelay.delivery.tenant;

import io.hookrelay.delivery.error.InvalidRequestException;
import io.hookrelay.delivery.model.ResourceIds;
import io.hookrelay.delivery.model.TenantId;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Objects;

/**
 * One owner of sources, targets, routes and everything they bring (DESIGN §12). Its id is chosen as a source's is and
 * appears in ingest URLs; {@link #DEFAULT} always exists and holds what existed before tenants did.
 *
 * @param createdAt when it was created, to the millisecond, as the store keeps it
 */
public record Tenant(String id, String name, TenantQuotas quotas, boolean suspended, Instant createdAt) {
    public static final String DEFAULT = TenantId.DEFAULT.value();
    public static final int LONGEST_NAME = 200;

    /** @throws InvalidRequestException when the id or name is not one a tenant may have */
    public Tenant {
        ResourceIds.require(id, "tenant");
        Objects.requireNonNull(name, "name");
        if (name.isBlank() || name.length() > LONGEST_NAME || name.chars().anyMatch(Character::isISOControl)) {
            throw new InvalidRequestException("name must be 1 to " + LONGEST_NAME + " characters, not blank, no control characters");
        }
        Objects.requireNonNull(quotas, "quotas");
        createdAt = Objects.requireNonNull(createdAt, "createdAt").truncatedTo(ChronoUnit.MILLIS);
    }

    /** A new tenant, not suspended. */
    public static Tenant created(String id, String name, TenantQuotas quotas, Instant now) {
        return new Tenant(id, name, quotas, false, now);
    }

    /** This tenant with another name and quotas, as a replace leaves it. */
    public Tenant renamed(String newName, TenantQuotas newQuotas) {
        return new Tenant(id, newName, newQuotas, suspended, createdAt);
    }

    public Tenant withSuspended(boolean nowSuspended) {
        return new Tenant(id, name, quotas, nowSuspended, createdAt);
    }
}
