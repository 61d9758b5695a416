package io.hookrelay.delivery.admin;

import io.hookrelay.delivery.error.ConflictException;
import io.hookrelay.delivery.error.InvalidRequestException;
import io.hookrelay.delivery.error.NotFoundException;
import io.hookrelay.delivery.model.ResourceIds;
import io.hookrelay.delivery.model.TenantId;
import io.hookrelay.delivery.port.TenantStore;
import io.hookrelay.delivery.query.Page;
import io.hookrelay.delivery.query.PageRequest;
import io.hookrelay.delivery.send.Directory;
import io.hookrelay.delivery.tenant.Tenant;
import io.hookrelay.delivery.tenant.TenantQuotas;
import io.hookrelay.delivery.usecase.ManageTenants;
import java.time.Clock;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/** The operator's management of tenants. {@code default} may be renamed and given quotas, never deleted. */
public final class TenantAdmin implements ManageTenants {
    private final TenantStore tenants;
    private final Directory<TenantId, Tenant> directory;
    private final Clock clock;

    /** @param directory what ingest and delivery read tenants through, told of a suspension or resume at once */
    public TenantAdmin(TenantStore tenants, Directory<TenantId, Tenant> directory, Clock clock) {
        this.tenants = Objects.requireNonNull(tenants, "tenants");
        this.directory = Objects.requireNonNull(directory, "directory");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    @Override
    public Tenant create(String id, String name, TenantQuotas quotas) {
        Tenant tenant = Tenant.created(id, name, quotas, clock.instant());
        if (!tenants.create(tenant)) {
            throw new ConflictException("tenant " + id + " already exists, or a deleted tenant's rows still hold its id");
        }
        return tenant;
    }

    @Override
    public Page<Tenant> list(Optional<String> after, int limit) {
        if (limit < 1 || limit > PageRequest.LARGEST_LIMIT) {
            throw new InvalidRequestException("limit must be between 1 and " + PageRequest.LARGEST_LIMIT);
        }
        after.ifPresent(id -> ResourceIds.require(id, "cursor's tenant"));
        List<Tenant> fetched = tenants.listAfter(after.orElse(""), limit + 1);
        if (fetched.size() <= limit) {
            return new Page<>(fetched, Optional.empty());
        }
        List<Tenant> page = fetched.subList(0, limit);
        return new Page<>(page, Optional.of(page.get(limit - 1).id()));
    }

    @Override
    public Tenant get(String id) {
        return tenants.find(id).orElseThrow(() -> missing(id));
    }

    @Override
    public Tenant replace(String id, String name, TenantQuotas quotas) {
        Tenant replacement = get(id).renamed(name, quotas);
        if (!tenants.update(replacement)) {
            throw missing(id);
        }
        return replacement;
    }

    @Override
    public Tenant suspend(String id) {
        return suspended(id, true);
    }

    @Override
    public Tenant resume(String id) {
        return suspended(id, false);
    }

    @Override
    public void delete(String id) {
        if (Tenant.DEFAULT.equals(id)) {
            throw new ConflictException("tenant " + Tenant.DEFAULT + " always exists and cannot be deleted");
        }
        if (!tenants.delete(id)) {
            throw missing(id);
        }
        directory.forget(TenantId.of(id));
    }

    private Tenant suspended(String id, boolean suspended) {
        if (!tenants.setSuspended(id, suspended)) {
            throw missing(id);
        }
        directory.forget(TenantId.of(id));
        return get(id);
    }

    private static NotFoundException missing(String id) {
        return new NotFoundException("no tenant " + id);
    }
}
