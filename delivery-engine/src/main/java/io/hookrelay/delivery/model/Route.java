package io.hookrelay.delivery.model;

import io.hookrelay.delivery.error.InvalidRequestException;
import io.hookrelay.delivery.filter.JsonValue;
import io.hookrelay.delivery.filter.PayloadFilter;
import io.hookrelay.delivery.filter.PayloadFilterText;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Sends a source's events to a target: all of them, or those whose type matches one of the event-type filters
 * and whose body meets every payload filter. An event-type filter is an exact type ({@code invoice.paid}) or a
 * prefix ending in {@code .*} ({@code invoice.*}, which matches {@code invoice.paid} but not {@code invoice}
 * itself).
 *
 * @param eventTypes the event-type filters as a set: sorted, each once, so routes with the same filters are
 *                   equal and a store can refuse the second of them
 * @param filters    the payload filters, as a set in the order of their {@link PayloadFilterText} lines
 */
public record Route(String id, String sourceId, String targetId, List<String> eventTypes, List<PayloadFilter> filters) {
    private static final int MOST_FILTERS = 100;
    private static final int MOST_PAYLOAD_FILTERS = 20;
    private static final String FILTER = "[A-Za-z0-9_:/-]+(\\.[A-Za-z0-9_:/-]+)*(\\.\\*)?";

    public Route {
        if (!Ulids.isValid(id, Ulids.ROUTE)) {
            throw new InvalidRequestException("route id must be " + Ulids.ROUTE + " followed by a ULID");
        }
        ResourceIds.require(sourceId, "source");
        ResourceIds.require(targetId, "target");
        Objects.requireNonNull(eventTypes, "eventTypes");
        if (eventTypes.size() > MOST_FILTERS) {
            throw new InvalidRequestException("event_types may list at most " + MOST_FILTERS + " filters");
        }
        for (String filter : eventTypes) {
            if (filter == null || filter.length() > 200 || !filter.matches(FILTER)) {
                throw new InvalidRequestException("each event_types entry must be an event type or a prefix ending in .*");
            }
        }
        eventTypes = eventTypes.stream().distinct().sorted().toList();
        Objects.requireNonNull(filters, "filters");
        if (filters.size() > MOST_PAYLOAD_FILTERS) {
            throw new InvalidRequestException("filters may list at most " + MOST_PAYLOAD_FILTERS + " conditions");
        }
        filters = List.copyOf(filters.stream().map(Objects::requireNonNull)
                .collect(Collectors.toMap(PayloadFilterText::line, filter -> filter, (first, same) -> first, TreeMap::new))
                .values());
    }

    /** The pointers the payload filters read, so a body is read once for all of a source's routes. */
    public Set<String> pointers() {
        return filters.stream().map(PayloadFilter::pointer).collect(Collectors.toUnmodifiableSet());
    }

    /**
     * Whether an event of this type (empty when the source found none) with this body travels this route.
     *
     * @param document the body's values at the filters' pointers, or empty when the body is not JSON
     */
    public boolean matches(Optional<String> eventType, Optional<Map<String, JsonValue>> document) {
        return matchesType(eventType) && filters.stream().allMatch(filter -> filter.holds(document));
    }

    private boolean matchesType(Optional<String> eventType) {
        if (eventTypes.isEmpty()) {
            return true;
        }
        return eventType.filter(type -> eventTypes.stream().anyMatch(filter -> filter.endsWith(".*")
                ? type.startsWith(filter.substring(0, filter.length() - 1))
                : type.equals(filter))).isPresent();
    }
}
