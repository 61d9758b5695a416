package io.hookrelay.delivery.admin;

import io.hookrelay.delivery.error.ConflictException;
import io.hookrelay.delivery.error.NotFoundException;
import io.hookrelay.delivery.model.ScopedId;
import io.hookrelay.delivery.model.Source;
import io.hookrelay.delivery.model.TenantId;
import io.hookrelay.delivery.port.SourceStore;
import io.hookrelay.delivery.send.Directory;
import io.hookrelay.delivery.tenant.Quotas;
import io.hookrelay.delivery.tenant.TenantQuotas;
import io.hookrelay.delivery.usecase.ManageSources;
import java.util.List;
import java.util.Objects;

/**
 * Operators' management of sources. Deleting one takes its routes along; its events stay readable. A replace or
 * delete tells the delivery path's {@link Directory}, which forwards a source's headers, at once.
 */
public final class SourceAdmin implements ManageSources {
    private final SourceStore sources;
    private final Directory<ScopedId, Source> directory;
    private final Quotas quotas;

    public SourceAdmin(SourceStore sources, Directory<ScopedId, Source> directory, Quotas quotas) {
        this.sources = Objects.requireNonNull(sources, "sources");
        this.directory = Objects.requireNonNull(directory, "directory");
        this.quotas = Objects.requireNonNull(quotas, "quotas");
    }

    /** @throws ConflictException when a source with this id exists, or the tenant has all its quota allows */
    public Source create(TenantId tenant, Source source) {
        quotas.requireRoom(tenant, "sources", TenantQuotas::maxSources, () -> sources.list(tenant).size());
        if (!sources.create(tenant, source)) {
            throw new ConflictException("source " + source.id() + " already exists");
        }
        return source;
    }

    public List<Source> list(TenantId tenant) {
        return sources.list(tenant);
    }

    /** @throws NotFoundException when there is no such source */
    public Source get(TenantId tenant, String id) {
        return sources.find(tenant, id).orElseThrow(() -> missing(id));
    }

    /** @throws NotFoundException when there is no such source */
    public Source replace(TenantId tenant, Source source) {
        if (!sources.update(tenant, source)) {
            throw missing(source.id());
        }
        directory.forget(new ScopedId(tenant, source.id()));
        return source;
    }

    /** @throws NotFoundException when there is no such source */
    public void delete(TenantId tenant, String id) {
        if (!sources.delete(tenant, id)) {
            throw missing(id);
        }
        directory.forget(new ScopedId(tenant, id));
    }

    private static NotFoundException missing(String id) {
        return new NotFoundException("not_found", "no source " + id);
    }
}
