package io.hookrelay.storage.jdbi;

import io.hookrelay.delivery.model.EventSummary;
import io.hookrelay.delivery.model.TenantId;
import io.hookrelay.delivery.query.EventFilter;
import io.hookrelay.delivery.query.Page;
import io.hookrelay.delivery.query.PageRequest;
import java.util.List;

/**
 * How a store fetches a page of events: with the statement for one source, which walks that source's index, or
 * the one for every source, which walks the ids alone. A time range is turned into a range of ids as well
 * ({@link EventFilter#lowestId()}), so it narrows the walk too; the type is checked on the rows walked.
 */
public final class EventListing {

    /** The statement for every source; an absent type is bound as {@code null}. */
    @FunctionalInterface
    public interface Statement {
        List<EventSummary> fetch(String tenant, String eventType, String before, String lowest, long since, long until, int limit);
    }

    /** The statement for one source. */
    @FunctionalInterface
    public interface SourceStatement {
        List<EventSummary> fetch(String tenant, String sourceId, String eventType, String before, String lowest, long since, long until,
                int limit);
    }

    private EventListing() {
    }

    /** The tenant's events of {@code page}, newest first, fetched with the one more that tells whether another page follows. */
    public static Page<EventSummary> page(TenantId tenant, EventFilter filter, PageRequest page, Statement byId, SourceStatement ofSource) {
        String below = page.fetchBelow().compareTo(filter.idAbove()) < 0 ? page.fetchBelow() : filter.idAbove();
        String type = filter.eventType().orElse(null);
        List<EventSummary> fetched = filter.sourceId().isPresent()
                ? ofSource.fetch(tenant.value(), filter.sourceId().get(), type, below, filter.lowestId(), filter.sinceMillis(), filter.untilMillis(),
                        page.fetchSize())
                : byId.fetch(tenant.value(), type, below, filter.lowestId(), filter.sinceMillis(), filter.untilMillis(), page.fetchSize());
        return Page.of(fetched, page, EventSummary::id);
    }
}
