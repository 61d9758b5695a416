package io.hookrelay.delivery.tenant;

import io.hookrelay.delivery.error.InvalidRequestException;
import io.hookrelay.delivery.model.ResourceIds;
import io.hookrelay.delivery.model.Ulids;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Objects;
import java.util.Optional;

/**
 * A credential of one tenant, as it is shown: never its token, which only its hash stands for once it is issued.
 *
 * @param expiresAt  when it stops working; none, and it works until it is revoked
 * @param lastUsedAt when it last opened a request, to about a second: kept without a write per request
 */
public record TenantKey(String id, String tenantId, String name, KeyScope scope, Instant createdAt, Optional<Instant> expiresAt,
                        Optional<Instant> lastUsedAt) {
    public static final int LONGEST_NAME = 100;

    /** @throws InvalidRequestException when the name is not one a key may have */
    public TenantKey {
        if (!Ulids.isValid(id, Ulids.KEY)) {
            throw new IllegalArgumentException("not a key id: " + id);
        }
        ResourceIds.require(tenantId, "tenant");
        Objects.requireNonNull(name, "name");
        if (name.isBlank() || name.length() > LONGEST_NAME || name.chars().anyMatch(Character::isISOControl)) {
            throw new InvalidRequestException("name must be 1 to " + LONGEST_NAME + " characters, not blank, no control characters");
        }
        Objects.requireNonNull(scope, "scope");
        createdAt = Objects.requireNonNull(createdAt, "createdAt").truncatedTo(ChronoUnit.MILLIS);
        expiresAt = Objects.requireNonNull(expiresAt, "expiresAt").map(at -> at.truncatedTo(ChronoUnit.MILLIS));
        lastUsedAt = Objects.requireNonNull(lastUsedAt, "lastUsedAt").map(at -> at.truncatedTo(ChronoUnit.MILLIS));
    }

    /** Whether it has stopped working by {@code now}. */
    public boolean expiredAt(Instant now) {
        return expiresAt.filter(at -> !at.isAfter(now)).isPresent();
    }
}
