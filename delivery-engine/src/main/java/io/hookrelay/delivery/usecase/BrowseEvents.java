package io.hookrelay.delivery.usecase;

import io.hookrelay.delivery.model.EventDetail;
import io.hookrelay.delivery.model.EventSummary;
import io.hookrelay.delivery.model.TenantId;
import io.hookrelay.delivery.query.EventFilter;
import io.hookrelay.delivery.query.Page;
import io.hookrelay.delivery.query.PageRequest;

/** The events the relay took in, as an operator reads them. */
public interface BrowseEvents {

    /** A page of the events {@code filter} takes, newest first. */
    Page<EventSummary> list(TenantId tenant, EventFilter filter, PageRequest page);

    /** The event of {@code sourceId} that holds idempotency key {@code key}, as a page of one, or of none. */
    Page<EventSummary> withIdempotencyKey(TenantId tenant, String sourceId, String key);

    /** @throws io.hookrelay.delivery.error.NotFoundException when there is no such event */
    EventDetail get(TenantId tenant, String id);
}
