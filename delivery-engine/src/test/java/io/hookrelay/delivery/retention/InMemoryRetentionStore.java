package io.hookrelay.delivery.retention;

import io.hookrelay.delivery.port.EndedDeliveries;
import io.hookrelay.delivery.port.EventCandidate;
import io.hookrelay.delivery.port.EventPosition;
import io.hookrelay.delivery.port.RetentionStore;
import io.hookrelay.queue.IntentState;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@link RetentionStore} over maps, with the same rules as the SQLite one, and a record of every call: enough
 * to see how the sweeper walks and batches without a database. Not thread-safe; the sweeper calls it from one
 * thread.
 */
final class InMemoryRetentionStore implements RetentionStore {
    private static final Comparator<StoredEvent> RECEIVED_ORDER =
            Comparator.comparing(StoredEvent::receivedAt).thenComparing(StoredEvent::id);

    record StoredDelivery(String id, String eventId, IntentState state, Instant updatedAt) {
    }

    record StoredEvent(String id, Instant receivedAt) {
    }

    final Map<String, StoredDelivery> deliveries = new LinkedHashMap<>();
    final Map<String, StoredEvent> events = new LinkedHashMap<>();
    /** The number of ids each delete call was given, in order. */
    final List<Integer> deliveryDeletes = new ArrayList<>();
    final List<Integer> eventDeletes = new ArrayList<>();
    /** How many times each event was handed out as a candidate. */
    final Map<String, Integer> timesExamined = new HashMap<>();
    /** Runs once, between the next finding of deliveries and their delete: what an operator may do meanwhile. */
    private Runnable beforeNextDelete = () -> { };

    void event(String id, Instant receivedAt) {
        events.put(id, new StoredEvent(id, receivedAt));
    }

    void delivery(String id, String eventId, IntentState state, Instant updatedAt) {
        deliveries.put(id, new StoredDelivery(id, eventId, state, updatedAt));
    }

    void beforeNextDelete(Runnable action) {
        beforeNextDelete = action;
    }

    @Override
    public List<String> endedDeliveries(EndedDeliveries group, Instant endedBefore, int limit) {
        return deliveries.values().stream()
                .filter(delivery -> isEnded(delivery, group, endedBefore))
                .sorted(Comparator.comparing(StoredDelivery::updatedAt))
                .limit(limit)
                .map(StoredDelivery::id)
                .toList();
    }

    @Override
    public int deleteDeliveries(EndedDeliveries group, Instant endedBefore, List<String> ids) {
        deliveryDeletes.add(ids.size());
        Runnable meanwhile = beforeNextDelete;
        beforeNextDelete = () -> { };
        meanwhile.run();
        List<String> going = ids.stream()
                .filter(id -> deliveries.containsKey(id) && isEnded(deliveries.get(id), group, endedBefore))
                .toList();
        going.forEach(deliveries::remove);
        return going.size();
    }

    @Override
    public List<EventCandidate> eventsReceivedBefore(Instant receivedBefore, Optional<EventPosition> after, int limit) {
        List<EventCandidate> found = events.values().stream()
                .filter(event -> event.receivedAt().isBefore(receivedBefore))
                .filter(event -> after.map(position -> RECEIVED_ORDER.compare(event,
                        new StoredEvent(position.eventId(), position.receivedAt())) > 0).orElse(true))
                .sorted(RECEIVED_ORDER)
                .limit(limit)
                .map(event -> new EventCandidate(event.id(), event.receivedAt(), hasDeliveries(event.id())))
                .toList();
        found.forEach(candidate -> timesExamined.merge(candidate.id(), 1, Integer::sum));
        return found;
    }

    @Override
    public int deleteEvents(Instant receivedBefore, List<String> ids) {
        eventDeletes.add(ids.size());
        List<String> going = ids.stream()
                .filter(id -> events.containsKey(id) && events.get(id).receivedAt().isBefore(receivedBefore))
                .filter(id -> !hasDeliveries(id))
                .toList();
        going.forEach(events::remove);
        return going.size();
    }

    private boolean hasDeliveries(String eventId) {
        return deliveries.values().stream().anyMatch(delivery -> delivery.eventId().equals(eventId));
    }

    private static boolean isEnded(StoredDelivery delivery, EndedDeliveries group, Instant endedBefore) {
        return group.states().contains(delivery.state()) && delivery.updatedAt().isBefore(endedBefore);
    }
}
