package io.hookrelay.storage.jdbi;

import io.hookrelay.delivery.filter.PayloadFilterText;
import io.hookrelay.delivery.model.Route;
import java.util.List;

/**
 * How a {@link Route} is stored. Its event-type filters are one text, one a line in the order {@link Route}
 * keeps them (sorted, each once; a filter holds no line break), and its payload filters another
 * ({@link PayloadFilterText}), so the same filters are always the same texts, which a unique index over them can
 * compare.
 */
public final class RouteColumns {
    /** The columns {@link #read} reads. */
    public static final String NAMES = "id, source_id, target_id, event_types, filters";

    private RouteColumns() {
    }

    /** The stored form of the route's event-type filters; no filters at all is the empty text. */
    public static String eventTypes(Route route) {
        return String.join("\n", route.eventTypes());
    }

    /** The stored form of the route's payload filters; none is the empty text. */
    public static String filters(Route route) {
        return PayloadFilterText.of(route.filters());
    }

    public static <X extends Exception> Route read(StoredRow<X> row) throws X {
        String eventTypes = row.text("event_types");
        return new Route(
                row.text("id"),
                row.text("source_id"),
                row.text("target_id"),
                eventTypes.isEmpty() ? List.of() : List.of(eventTypes.split("\n", -1)),
                PayloadFilterText.parse(row.text("filters")));
    }
}
