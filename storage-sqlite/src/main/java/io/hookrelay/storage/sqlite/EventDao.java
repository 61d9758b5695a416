package io.hookrelay.storage.sqlite;

import io.hookrelay.delivery.model.Event;
import io.hookrelay.delivery.model.EventSummary;
import java.util.List;
import java.util.Optional;
import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;

/** The {@code events} and {@code idempotency_keys} tables, each row of a tenant. Times are epoch milliseconds. */
interface EventDao {

    /** {@code length} of a blob is read from the record header, without loading the body itself. */
    String SUMMARY = """
            SELECT id, source_id, event_type, received_at, content_type, length(body) AS body_bytes
              FROM events
            """;

    @SqlUpdate("""
            INSERT INTO events (tenant_id, id, source_id, event_type, received_at, content_type, headers, body)
            VALUES (:tenant, :id, :sourceId, :eventType, :receivedAt, :contentType, :headers, :body)
            """)
    void insert(String tenant, String id, String sourceId, String eventType, long receivedAt, String contentType, String headers,
            byte[] body);

    @SqlUpdate("""
            INSERT INTO idempotency_keys (tenant_id, source_id, key, event_id) VALUES (:tenant, :sourceId, :key, :eventId)
            """)
    void insertKey(String tenant, String sourceId, String key, String eventId);

    @SqlQuery("SELECT event_id FROM idempotency_keys WHERE tenant_id = :tenant AND source_id = :sourceId AND key = :key")
    Optional<String> findByKey(String tenant, String sourceId, String key);

    @SqlQuery("SELECT EXISTS (SELECT 1 FROM events WHERE id = :id AND tenant_id = :tenant)")
    boolean exists(String tenant, String id);

    @SqlQuery("""
            SELECT id, source_id, event_type, received_at, content_type, headers, body
              FROM events
             WHERE id = :id AND tenant_id = :tenant
            """)
    Optional<Event> find(String tenant, String id);

    /** The rest of a list's conditions, after the one that leads: see {@link io.hookrelay.storage.jdbi.EventListing}. */
    String FILTERED = """
             id < :before AND id >= :lowest AND received_at >= :since AND received_at < :until
               AND (:eventType IS NULL OR event_type = :eventType)
             ORDER BY id DESC LIMIT :limit
            """;

    /** Walks {@code events_of_tenant} down from {@code before}. */
    @SqlQuery(SUMMARY + " WHERE tenant_id = :tenant AND" + FILTERED)
    List<EventSummary> list(String tenant, String eventType, String before, String lowest, long since, long until, int limit);

    /** Walks {@code events_by_source} down from {@code before}. */
    @SqlQuery(SUMMARY + " WHERE tenant_id = :tenant AND source_id = :sourceId AND" + FILTERED)
    List<EventSummary> listOfSource(String tenant, String sourceId, String eventType, String before, String lowest, long since, long until,
            int limit);
}
