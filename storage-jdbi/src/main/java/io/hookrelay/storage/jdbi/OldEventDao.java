package io.hookrelay.storage.jdbi;

import io.hookrelay.delivery.port.EventCandidate;
import io.hookrelay.delivery.port.EventPosition;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.jdbi.v3.sqlobject.statement.SqlQuery;

/** The events retention finds: those received before a time, walked in the order they were received. */
public interface OldEventDao {

    /** Up to {@code limit} events received before {@code receivedBefore}, after {@code after} or from the first. */
    default List<EventCandidate> receivedBefore(Instant receivedBefore, Optional<EventPosition> after, int limit) {
        // Before any event: every stored time is after the smallest long, and every id after "".
        long afterReceivedAt = after.map(position -> position.receivedAt().toEpochMilli()).orElse(Long.MIN_VALUE);
        String afterId = after.map(EventPosition::eventId).orElse("");
        return eventsReceivedBefore(receivedBefore.toEpochMilli(), afterReceivedAt, afterId, limit);
    }

    /**
     * Events in the order they were received, after a position: the row value comparison walks
     * {@code events_by_received_at} from there. Whether each still has deliveries is read through
     * {@code deliveries_by_event}. Times are epoch milliseconds.
     */
    @SqlQuery("""
            SELECT id, received_at,
                   EXISTS (SELECT 1 FROM deliveries WHERE deliveries.event_id = events.id) AS has_deliveries
              FROM events
             WHERE received_at < :receivedBefore
               AND (received_at, id) > (:afterReceivedAt, :afterId)
             ORDER BY received_at, id
             LIMIT :limit
            """)
    List<EventCandidate> eventsReceivedBefore(long receivedBefore, long afterReceivedAt, String afterId, int limit);
}
