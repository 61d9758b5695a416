package io.hookrelay.storage.jdbi;

import io.hookrelay.delivery.model.Delivery;
import io.hookrelay.delivery.model.TenantId;
import io.hookrelay.delivery.query.DeliveryFilter;
import io.hookrelay.delivery.query.Page;
import io.hookrelay.delivery.query.PageRequest;
import io.hookrelay.queue.IntentState;
import java.util.List;

/**
 * How a store fetches a page of deliveries: with one of three statements that differ only in the condition
 * they put first, so that each walks the index that narrows the most. An event has a few deliveries and a
 * target many, so the event leads when one is given, else the target, else the id alone.
 */
public final class DeliveryListing {

    /** One of the three; every filter is bound, an absent one as {@code null}. */
    @FunctionalInterface
    public interface Statement {
        List<Delivery> fetch(String tenant, String state, String targetId, String eventId, String before, int limit);
    }

    private DeliveryListing() {
    }

    /** The tenant's deliveries of {@code page}, newest first, fetched with the one more that tells whether another page follows. */
    public static Page<Delivery> page(TenantId tenant, DeliveryFilter filter, PageRequest page, Statement byId, Statement ofTarget,
            Statement ofEvent) {
        String state = filter.state().map(IntentState::wireName).orElse(null);
        String targetId = filter.targetId().orElse(null);
        String eventId = filter.eventId().orElse(null);
        Statement leading = eventId != null ? ofEvent : targetId != null ? ofTarget : byId;
        return Page.of(leading.fetch(tenant.value(), state, targetId, eventId, page.fetchBelow(), page.fetchSize()), page, Delivery::id);
    }
}
