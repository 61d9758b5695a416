package io.hookrelay.delivery.stored;

import io.hookrelay.delivery.EventFilter;
import io.hookrelay.delivery.EventSummary;
import io.hookrelay.delivery.PageRequest;
import java.util.List;

/**
 * How a store fetches a page of events: with one of two statements that differ only in the condition they put
 * first, so each walks the index that narrows the most: the source's when one is given, else the ids alone. A time
 * range is turned into a range of ids as well ({@link EventFilter#lowestId()}), so it narrows the walk too; the
 * type is checked on the rows walked.
 */
public final class EventListing {

    /** One of the two; every filter is bound, an absent source or type as {@code null}. */
    @FunctionalInterface
    public interface Statement {
        List<EventSummary> fetch(String sourceId, String eventType, String before, String lowest, long since, long until,
                int limit);
    }

    private EventListing() {
    }

    /** The rows of {@code page}, newest first, with the one more that {@link PageRequest#fetchSize} asks for. */
    public static List<EventSummary> fetch(EventFilter filter, PageRequest page, Statement byId, Statement ofSource) {
        String below = page.fetchBelow().compareTo(filter.idAbove()) < 0 ? page.fetchBelow() : filter.idAbove();
        Statement leading = filter.sourceId().isPresent() ? ofSource : byId;
        return leading.fetch(filter.sourceId().orElse(null), filter.eventType().orElse(null), below, filter.lowestId(),
                filter.sinceMillis(), filter.untilMillis(), page.fetchSize());
    }
}
