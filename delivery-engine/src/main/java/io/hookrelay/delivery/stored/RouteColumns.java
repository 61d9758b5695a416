package io.hookrelay.delivery.stored;

import io.hookrelay.delivery.Route;
import java.util.List;

/**
 * How a {@link Route} is stored. Its filters are one text, one a line in the order {@link Route} keeps them
 * (sorted, each once; a filter holds no line break), so the same filters are always the same text, which a
 * unique index over it can compare.
 */
public final class RouteColumns {
    /** The columns {@link #read} reads. */
    public static final String NAMES = "id, source_id, target_id, event_types";

    private RouteColumns() {
    }

    /** The stored form of the route's filters; no filters at all is the empty text. */
    public static String eventTypes(Route route) {
        return String.join("\n", route.eventTypes());
    }

    public static <X extends Exception> Route read(StoredRow<X> row) throws X {
        String eventTypes = row.text("event_types");
        return new Route(
                row.text("id"),
                row.text("source_id"),
                row.text("target_id"),
                eventTypes.isEmpty() ? List.of() : List.of(eventTypes.split("\n", -1)));
    }
}
