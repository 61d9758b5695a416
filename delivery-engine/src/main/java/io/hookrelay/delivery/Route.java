package io.hookrelay.delivery;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Sends a source's events to a target: all of them, or those whose type matches one of the filters. A
 * filter is an exact type ({@code invoice.paid}) or a prefix ending in {@code .*} ({@code invoice.*}, which
 * matches {@code invoice.paid} but not {@code invoice} itself).
 *
 * @param eventTypes the filters as a set: sorted, each once, so routes with the same filters are equal and a
 *                   store can refuse the second of them
 */
public record Route(String id, String sourceId, String targetId, List<String> eventTypes) {
    private static final int MOST_FILTERS = 100;
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
    }

    /** Whether an event of this type (empty when the source found none) travels this route. */
    public boolean matches(Optional<String> eventType) {
        if (eventTypes.isEmpty()) {
            return true;
        }
        return eventType.filter(type -> eventTypes.stream().anyMatch(filter -> filter.endsWith(".*")
                ? type.startsWith(filter.substring(0, filter.length() - 1))
                : type.equals(filter))).isPresent();
    }
}
