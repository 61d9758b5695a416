package io.hookrelay.delivery.port;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Finds what retention may delete, with plain reads, and deletes it, one transaction per call.
 *
 * <p>Finding and deleting are separate calls, so anything can happen in between: an operator retries a
 * failed delivery, an event is replayed. Each delete therefore checks again, in its own statements, that
 * every row still qualifies, and leaves alone the ones that no longer do.
 */
public interface RetentionStore {

    /**
     * Ids of deliveries in {@code group} that ended before {@code endedBefore}, those that ended first first,
     * at most {@code limit}.
     */
    List<String> endedDeliveries(EndedDeliveries group, Instant endedBefore, int limit);

    /**
     * Deletes those of {@code ids} that are still deliveries in {@code group} ended before {@code endedBefore},
     * with their attempt logs.
     *
     * @return how many were deleted
     */
    int deleteDeliveries(EndedDeliveries group, Instant endedBefore, List<String> ids);

    /**
     * Events received before {@code receivedBefore}, strictly after {@code after} if given, in the order they
     * were received, at most {@code limit}, each with whether it has deliveries.
     */
    List<EventCandidate> eventsReceivedBefore(Instant receivedBefore, Optional<EventPosition> after, int limit);

    /**
     * Deletes those of {@code ids} that still have no delivery and were received before
     * {@code receivedBefore}, with their idempotency keys, so the key names a new event next time.
     *
     * @return how many were deleted
     */
    int deleteEvents(Instant receivedBefore, List<String> ids);
}
