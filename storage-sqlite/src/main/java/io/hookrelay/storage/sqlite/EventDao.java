package io.hookrelay.storage.sqlite;

import io.hookrelay.delivery.model.Event;
import io.hookrelay.delivery.model.EventSummary;
import java.util.List;
import java.util.Optional;
import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;

/** The {@code events} and {@code idempotency_keys} tables. Times are epoch milliseconds. */
interface EventDao {

    /** {@code length} of a blob is read from the record header, without loading the body itself. */
    String SUMMARY = """
            SELECT id, source_id, event_type, received_at, content_type, length(body) AS body_bytes
              FROM events
            """;

    @SqlUpdate("""
            INSERT INTO events (id, source_id, event_type, received_at, content_type, headers, body)
            VALUES (:id, :sourceId, :eventType, :receivedAt, :contentType, :headers, :body)
            """)
    void insert(String id, String sourceId, String eventType, long receivedAt, String contentType, String headers,
            byte[] body);

    @SqlUpdate("INSERT INTO idempotency_keys (source_id, key, event_id) VALUES (:sourceId, :key, :eventId)")
    void insertKey(String sourceId, String key, String eventId);

    @SqlQuery("SELECT event_id FROM idempotency_keys WHERE source_id = :sourceId AND key = :key")
    Optional<String> findByKey(String sourceId, String key);

    @SqlQuery("SELECT EXISTS (SELECT 1 FROM events WHERE id = :id)")
    boolean exists(String id);

    @SqlQuery("""
            SELECT id, source_id, event_type, received_at, content_type, headers, body FROM events WHERE id = :id
            """)
    Optional<Event> find(String id);

    /** The rest of a list's conditions, after the one that leads: see {@link io.hookrelay.storage.jdbi.EventListing}. */
    String FILTERED = """
             id < :before AND id >= :lowest AND received_at >= :since AND received_at < :until
               AND (:eventType IS NULL OR event_type = :eventType)
             ORDER BY id DESC LIMIT :limit
            """;

    /** Walks the primary key's index down from {@code before}. */
    @SqlQuery(SUMMARY + " WHERE" + FILTERED)
    List<EventSummary> list(String eventType, String before, String lowest, long since, long until, int limit);

    /** Walks {@code events_by_source} down from {@code before}. */
    @SqlQuery(SUMMARY + " WHERE source_id = :sourceId AND" + FILTERED)
    List<EventSummary> listOfSource(String sourceId, String eventType, String before, String lowest, long since, long until,
            int limit);
}
