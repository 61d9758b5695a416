package io.hookrelay.delivery.ingest;

import io.hookrelay.delivery.NewDelivery;
import io.hookrelay.delivery.Route;
import io.hookrelay.delivery.Ulids;
import java.util.List;
import java.util.Optional;

/**
 * Which targets an event goes to: one delivery per distinct target among its source's routes that match
 * the event's type, in route order. Distinct, because two routes to one target (say {@code invoice.*} and
 * {@code invoice.paid}) describe one receiver that wants the event once. Ingest and replay both fan out
 * this way.
 */
public final class Fanout {
    private Fanout() {
    }

    /** New deliveries of event {@code eventId} over {@code routes}, each with a fresh delivery id. */
    public static List<NewDelivery> deliveries(String eventId, Optional<String> eventType, List<Route> routes, Ulids ulids) {
        return targets(routes, eventType).stream()
                .map(targetId -> new NewDelivery(ulids.next(Ulids.DELIVERY), eventId, targetId))
                .toList();
    }

    static List<String> targets(List<Route> routes, Optional<String> eventType) {
        return routes.stream().filter(route -> route.matches(eventType)).map(Route::targetId).distinct().toList();
    }
}
