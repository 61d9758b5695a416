package io.hookrelay.storage.sqlite;

import io.hookrelay.delivery.model.Delivery;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jdbi.v3.sqlobject.config.KeyColumn;
import org.jdbi.v3.sqlobject.config.ValueColumn;
import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;

/**
 * The {@code deliveries} table, read together with the delivery intents that hold their states. Times are
 * epoch milliseconds.
 */
interface DeliveryDao {

    String SELECT = """
            SELECT d.id, d.event_id, d.target_id, i.state, i.attempts, i.next_at, i.last_error, i.created_at,
                   i.updated_at
              FROM deliveries AS d JOIN intents AS i ON i.id = d.id
             WHERE d.tenant_id = :tenant AND
            """;

    /**
     * The rest of a list query: an absent filter is bound as {@code NULL}. The list methods differ only in
     * the condition they put first, which is what lets SQLite walk the index that narrows the most.
     */
    String PAGE = """
               d.id < :before
               AND (:state IS NULL OR i.state = :state)
               AND (:targetId IS NULL OR d.target_id = :targetId)
               AND (:eventId IS NULL OR d.event_id = :eventId)
             ORDER BY d.id DESC
             LIMIT :limit
            """;

    @SqlUpdate("INSERT INTO deliveries (tenant_id, id, event_id, target_id) VALUES (:tenant, :id, :eventId, :targetId)")
    void insert(String tenant, String id, String eventId, String targetId);

    @SqlQuery("SELECT count(*) FROM deliveries WHERE event_id = :eventId")
    int countForEvent(String eventId);

    @SqlQuery(SELECT + " d.id = :id")
    Optional<Delivery> find(String tenant, String id);

    @SqlQuery(SELECT + " d.event_id = :eventId ORDER BY d.id")
    List<Delivery> forEvent(String tenant, String eventId);

    /** Walks {@code deliveries_of_tenant} down from {@code before}. */
    @SqlQuery(SELECT + PAGE)
    List<Delivery> list(String tenant, String state, String targetId, String eventId, String before, int limit);

    /** Walks {@code deliveries_by_target} down from {@code before}. */
    @SqlQuery(SELECT + " d.target_id = :targetId AND " + PAGE)
    List<Delivery> listOfTarget(String tenant, String state, String targetId, String eventId, String before, int limit);

    /** Walks {@code deliveries_by_event} down from {@code before}. */
    @SqlQuery(SELECT + " d.event_id = :eventId AND " + PAGE)
    List<Delivery> listOfEvent(String tenant, String state, String targetId, String eventId, String before, int limit);

    /**
     * Pending work of {@code kind} by target key, of the keys in {@code namespace} ({@code ""}: those without a
     * {@code /}), counted no further than {@code atMost}: walks {@code intents_of_work}.
     */
    @SqlQuery("""
            SELECT target, count(*) AS pending
              FROM (SELECT target FROM intents
                     WHERE kind = :kind AND state IN ('pending', 'running') AND state = 'pending'
                       AND\s""" + IntentDao.IN_NAMESPACE + """

                     LIMIT :atMost)
             GROUP BY target
            """)
    @KeyColumn("target")
    @ValueColumn("pending")
    Map<String, Long> countPendingByKey(String kind, String namespace, int atMost);
}
