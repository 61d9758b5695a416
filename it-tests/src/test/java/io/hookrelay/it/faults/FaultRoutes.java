package io.hookrelay.it.faults;

import io.hookrelay.it.support.Json;
import io.hookrelay.it.support.RelayServer;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One fault's corner of a shared relay: a source and a target of the same name, routed one to the other, so
 * the events of one fault never reach another's receiver.
 */
final class FaultRoutes {
    private FaultRoutes() {
    }

    /** The source and target id of a row in a table of cases: its name, as an id may spell it. */
    static String idOf(Enum<?> row) {
        return row.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** Creates source and target {@code name}, the target with this timeout and retry schedule, and the route. */
    static void route(RelayServer relay, String name, String url, Duration timeout, List<Integer> scheduleSeconds) {
        relay.createPlainSource(name);
        Map<String, Object> target = Map.of("id", name, "url", url, "timeout_ms", timeout.toMillis(), "retry_schedule_s", scheduleSeconds);
        relay.api().post("/api/v1/targets", Json.write(target)).expect(201);
        relay.createRoute(name, name);
    }

    /** Sends one event to source {@code name}; returns the id of its one delivery. */
    static String deliverOne(RelayServer relay, String name) {
        String eventId = relay.accept(name, "{\"type\":\"fault." + name + "\"}");
        return relay.onlyDeliveryOf(eventId);
    }
}
