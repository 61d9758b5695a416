package io.hookrelay.delivery.send;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * How many attempts this process has in flight per target, so a backlog released all at once (a resume,
 * a bulk retry) reaches a slow receiver at its target's pace instead of all of it together.
 *
 * <p>In process memory is enough: one process owns a data directory, so no other process sends the same
 * target's deliveries. One small counter stays per target ever delivered to, for the life of the process.
 */
final class InFlightLimits {
    private final Map<String, AtomicInteger> inFlight = new ConcurrentHashMap<>();

    /** Takes a slot unless {@code limit} attempts to the target are already in flight. */
    boolean tryAcquire(String targetId, int limit) {
        AtomicInteger held = inFlight.computeIfAbsent(targetId, id -> new AtomicInteger());
        return held.getAndUpdate(count -> count < limit ? count + 1 : count) < limit;
    }

    /** Gives back a slot taken by {@link #tryAcquire}. */
    void release(String targetId) {
        inFlight.get(targetId).decrementAndGet();
    }
}
