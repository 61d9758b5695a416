package io.hookrelay.delivery.ingest;

import io.hookrelay.delivery.model.Event;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Events just stored, kept in memory for the first attempt of each of their deliveries.
 *
 * <p>Every attempt needs its event's body and headers, and reading them back from the store moments after the
 * same process wrote them is, after the HTTP exchange, the largest cost of a delivery. An event is held from its commit until each of its deliveries has taken it once, or until newer events push
 * it out because more than the capacity in bytes is held. A retry, a replay, or an event pushed out is read
 * from the store as before, so the capacity bounds memory without changing what is sent.
 *
 * <p>Held only after the commit, so nothing here is ahead of the disk; stored events never change.
 */
public final class FreshEvents {
    /** A backlog of about 25,000 webhooks of a few hundred bytes. */
    public static final long DEFAULT_CAPACITY_BYTES = 32L * 1024 * 1024;
    /** Object headers, the id and source strings, the map: what an event costs besides its body and headers. */
    private static final int OVERHEAD_BYTES = 512;

    private final long capacityBytes;
    /** Oldest first, the order they are pushed out in. */
    private final Map<String, Held> held = new LinkedHashMap<>();
    private long heldBytes;

    public FreshEvents(long capacityBytes) {
        if (capacityBytes < 0) {
            throw new IllegalArgumentException("capacity must not be negative: " + capacityBytes);
        }
        this.capacityBytes = capacityBytes;
    }

    /** Holds a committed event until {@code deliveries} attempts have taken it. */
    public synchronized void hold(Event event, int deliveries) {
        Objects.requireNonNull(event, "event");
        long bytes = sizeOf(event);
        if (deliveries < 1 || bytes > capacityBytes) {
            return;
        }
        Held replaced = held.put(event.id(), new Held(event, bytes, deliveries));
        heldBytes += bytes - (replaced == null ? 0 : replaced.bytes);
        Iterator<Held> oldestFirst = held.values().iterator();
        while (heldBytes > capacityBytes) {
            heldBytes -= oldestFirst.next().bytes;
            oldestFirst.remove();
        }
    }

    /** The event if it is held; each call uses up one of the attempts it is held for. */
    public synchronized Optional<Event> take(String eventId) {
        Held entry = held.get(eventId);
        if (entry == null) {
            return Optional.empty();
        }
        if (--entry.uses == 0) {
            held.remove(eventId);
            heldBytes -= entry.bytes;
        }
        return Optional.of(entry.event);
    }

    synchronized long heldBytes() {
        return heldBytes;
    }

    /** Java strings take up to two bytes a character; close enough to bound memory, which is all it is for. */
    private static long sizeOf(Event event) {
        long headerChars = event.headers().entrySet().stream()
                .mapToLong(header -> header.getKey().length() + header.getValue().length())
                .sum();
        return OVERHEAD_BYTES + event.bodyLength() + 2 * (headerChars + event.contentType().length());
    }

    private static final class Held {
        final Event event;
        final long bytes;
        int uses;

        Held(Event event, long bytes, int uses) {
            this.event = event;
            this.bytes = bytes;
            this.uses = uses;
        }
    }
}
