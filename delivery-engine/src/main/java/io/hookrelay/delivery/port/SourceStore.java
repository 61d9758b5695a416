package io.hookrelay.delivery.port;

import io.hookrelay.delivery.model.Source;
import io.hookrelay.delivery.model.TenantId;
import java.util.List;
import java.util.Optional;

/** Durable sources. Secrets are stored as given: the data directory is the trust boundary. */
public interface SourceStore {

    /** @return false when a source with this id already exists */
    boolean create(TenantId tenant, Source source);

    /** Replaces a source's settings. @return false when there is no such source */
    boolean update(TenantId tenant, Source source);

    /** Deletes the source and its routes in one transaction; its events stay. @return false when absent */
    boolean delete(TenantId tenant, String id);

    Optional<Source> find(TenantId tenant, String id);

    /** Every source of the tenant, by id. */
    List<Source> list(TenantId tenant);
}
