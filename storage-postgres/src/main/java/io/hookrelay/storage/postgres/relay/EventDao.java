package io.hookrelay.storage.postgres.relay;

import io.hookrelay.delivery.model.Event;
import io.hookrelay.delivery.model.EventSummary;
import java.util.List;
import java.util.Optional;
import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;

/** The {@code events} and {@code idempotency_keys} tables. Times are epoch milliseconds. */
interface EventDao {

    /** {@code octet_length} of a {@code bytea} is read from its header, without fetching the body. */
    String SUMMARY = """
            SELECT id, source_id, event_type, received_at, content_type, octet_length(body) AS body_bytes
              FROM events
            """;

    /**
     * Takes the key for {@code eventId} unless another event holds it, in one atomic step: an ingest of the
     * same key under way elsewhere is waited for. The no-op update is what makes the statement return the
     * holder's event id when the key is taken.
     *
     * @return the event that holds the key now: {@code eventId} when it was free
     */
    @SqlQuery("""
            INSERT INTO idempotency_keys (source_id, key, event_id) VALUES (:sourceId, :key, :eventId)
            ON CONFLICT (source_id, key) DO UPDATE SET event_id = idempotency_keys.event_id
            RETURNING event_id
            """)
    String claimKey(String sourceId, String key, String eventId);

    @SqlUpdate("""
            INSERT INTO events (id, source_id, event_type, received_at, content_type, header_names, header_values, body)
            VALUES (:id, :sourceId, :eventType, :receivedAt, :contentType, :headerNames, :headerValues, :body)
            """)
    void insert(String id, String sourceId, String eventType, long receivedAt, String contentType, String[] headerNames,
            String[] headerValues, byte[] body);

    /**
     * Those of {@code ids} that exist, locked against deletion until the transaction ends, so deliveries
     * added to them never lose their event to a retention sweep on another node; a sweep's delete under way
     * is waited for, and what it deleted is not returned.
     */
    @SqlQuery("SELECT id FROM events WHERE id = ANY(:ids) ORDER BY id FOR KEY SHARE")
    List<String> lockExisting(String[] ids);

    @SqlQuery("""
            SELECT id, source_id, event_type, received_at, content_type, header_names, header_values, body
              FROM events
             WHERE id = :id
            """)
    Optional<Event> find(String id);

    /** The rest of a list's conditions, after the one that leads: see {@link io.hookrelay.storage.jdbi.EventListing}. */
    String FILTERED = """
             id < :before AND id >= :lowest AND received_at >= :since AND received_at < :until
               AND (CAST(:eventType AS text) IS NULL OR event_type = :eventType)
             ORDER BY id DESC LIMIT :limit
            """;

    /** Walks the primary key down from {@code before}. */
    @SqlQuery(SUMMARY + " WHERE" + FILTERED)
    List<EventSummary> list(String eventType, String before, String lowest, long since, long until, int limit);

    /** Walks {@code events_by_source} down from {@code before}. */
    @SqlQuery(SUMMARY + " WHERE source_id = :sourceId AND" + FILTERED)
    List<EventSummary> listOfSource(String sourceId, String eventType, String before, String lowest, long since, long until,
            int limit);

    @SqlQuery("SELECT event_id FROM idempotency_keys WHERE source_id = :sourceId AND key = :key")
    Optional<String> findByKey(String sourceId, String key);
}
