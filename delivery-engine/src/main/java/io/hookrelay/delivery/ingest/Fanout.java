package io.hookrelay.delivery.ingest;

import io.hookrelay.delivery.filter.JsonValue;
import io.hookrelay.delivery.model.DeliveryOrdering;
import io.hookrelay.delivery.model.Event;
import io.hookrelay.delivery.model.NewDelivery;
import io.hookrelay.delivery.model.Route;
import io.hookrelay.delivery.model.ScopedId;
import io.hookrelay.delivery.model.Target;
import io.hookrelay.delivery.model.TenantId;
import io.hookrelay.delivery.model.Ulids;
import io.hookrelay.delivery.port.JsonPointerReader;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Which targets an event goes to: one delivery per distinct target among its source's routes that match
 * the event's type and body, in route order. Distinct, because two routes to one target (say {@code invoice.*}
 * and {@code invoice.paid}) describe one receiver that wants the event once. Ingest and replay both fan out
 * this way, so a replay follows the routes' filters as they are today.
 */
public final class Fanout {
    private Fanout() {
    }

    /**
     * New deliveries of {@code event} over {@code routes}, each with a fresh delivery id and its target's ordering,
     * looked up in {@code targets}, the tenant's; a target that is gone meanwhile (its routes go with it) takes any order.
     */
    public static List<NewDelivery> deliveries(TenantId tenant, Event event, List<Route> routes, JsonPointerReader json, Ulids ulids,
            Function<String, Optional<Target>> targets) {
        return targets(routes, event.eventType(), document(event.body(), routes, json)).stream()
                .map(targetId -> new NewDelivery(ulids.next(Ulids.DELIVERY), event.id(), new ScopedId(tenant, targetId),
                        targets.apply(targetId).map(Target::ordering).orElse(DeliveryOrdering.NONE)))
                .toList();
    }

    static List<String> targets(List<Route> routes, Optional<String> eventType, Optional<Map<String, JsonValue>> document) {
        return routes.stream().filter(route -> route.matches(eventType, document)).map(Route::targetId).distinct().toList();
    }

    /** The body read once for every pointer the routes filter on, and not at all when none does. */
    private static Optional<Map<String, JsonValue>> document(byte[] body, List<Route> routes, JsonPointerReader json) {
        Set<String> pointers = routes.stream().flatMap(route -> route.pointers().stream()).collect(Collectors.toUnmodifiableSet());
        return pointers.isEmpty() ? Optional.of(Map.of()) : json.values(body, pointers);
    }
}
