package io.hookrelay.delivery.usecase;

import io.hookrelay.delivery.model.Source;
import io.hookrelay.delivery.model.TenantId;
import java.util.List;

/** The sources webhooks arrive from, as an operator keeps them (DESIGN §5). */
public interface ManageSources {

    /** @throws io.hookrelay.delivery.error.ConflictException when a source with this id exists */
    Source create(TenantId tenant, Source source);

    List<Source> list(TenantId tenant);

    /** @throws io.hookrelay.delivery.error.NotFoundException when there is no such source */
    Source get(TenantId tenant, String id);

    /**
     * Replaces every setting of the source with {@code source}'s id.
     *
     * @throws io.hookrelay.delivery.error.NotFoundException when there is no such source
     */
    Source replace(TenantId tenant, Source source);

    /**
     * Deletes the source and its routes; its events stay readable.
     *
     * @throws io.hookrelay.delivery.error.NotFoundException when there is no such source
     */
    void delete(TenantId tenant, String id);
}
