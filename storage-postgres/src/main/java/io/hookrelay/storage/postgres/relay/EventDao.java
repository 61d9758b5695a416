package io.hookrelay.storage.postgres.relay;

import io.hookrelay.delivery.model.Event;
import io.hookrelay.delivery.model.EventSummary;
import java.util.List;
import java.util.Optional;
import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;

/** The {@code events} and {@code idempotency_keys} tables, each row of a tenant. Times are epoch milliseconds. */
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
            INSERT INTO idempotency_keys (tenant_id, source_id, key, event_id) VALUES (:tenant, :sourceId, :key, :eventId)
            ON CONFLICT (tenant_id, source_id, key) DO UPDATE SET event_id = idempotency_keys.event_id
            RETURNING event_id
            """)
    String claimKey(String tenant, String sourceId, String key, String eventId);

    @SqlUpdate("""
            INSERT INTO events (tenant_id, id, source_id, event_type, received_at, content_type, header_names, header_values,
                                body)
            VALUES (:tenant, :id, :sourceId, :eventType, :receivedAt, :contentType, :headerNames, :headerValues, :body)
            """)
    void insert(String tenant, String id, String sourceId, String eventType, long receivedAt, String contentType,
            String[] headerNames, String[] headerValues, byte[] body);

    /**
     * Those of {@code ids} that exist in the tenant, locked against deletion until the transaction ends, so
     * deliveries added to them never lose their event to a retention sweep on another node; a sweep's delete under
     * way is waited for, and what it deleted is not returned.
     */
    @SqlQuery("SELECT id FROM events WHERE id = ANY(:ids) AND tenant_id = :tenant ORDER BY id FOR KEY SHARE")
    List<String> lockExisting(String tenant, String[] ids);

    @SqlQuery("""
            SELECT id, source_id, event_type, received_at, content_type, header_names, header_values, body
              FROM events
             WHERE id = :id AND tenant_id = :tenant
            """)
    Optional<Event> find(String tenant, String id);

    /** The rest of a list's conditions, after the one that leads: see {@link io.hookrelay.storage.jdbi.EventListing}. */
    String FILTERED = """
             id < :before AND id >= :lowest AND received_at >= :since AND received_at < :until
               AND (CAST(:eventType AS text) IS NULL OR event_type = :eventType)
             ORDER BY id DESC LIMIT :limit
            """;

    /** Walks {@code events_of_tenant} down from {@code before}. */
    @SqlQuery(SUMMARY + " WHERE tenant_id = :tenant AND" + FILTERED)
    List<EventSummary> list(String tenant, String eventType, String before, String lowest, long since, long until, int limit);

    /** Walks {@code events_by_source} down from {@code before}. */
    @SqlQuery(SUMMARY + " WHERE tenant_id = :tenant AND source_id = :sourceId AND" + FILTERED)
    List<EventSummary> listOfSource(String tenant, String sourceId, String eventType, String before, String lowest, long since,
            long until, int limit);

    @SqlQuery("SELECT event_id FROM idempotency_keys WHERE tenant_id = :tenant AND source_id = :sourceId AND key = :key")
    Optional<String> findByKey(String tenant, String sourceId, String key);
}
