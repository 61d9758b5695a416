package io.hookrelay.storage.postgres.relay;

import io.hookrelay.delivery.model.Delivery;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jdbi.v3.sqlobject.config.KeyColumn;
import org.jdbi.v3.sqlobject.config.ValueColumn;
import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;

/**
 * The {@code deliveries} table, read together with the delivery intents that hold their states. Its rows are
 * only ever inserted here; they go with their intents. Lookups and lists are of one tenant's. Times are epoch
 * milliseconds.
 */
interface DeliveryDao {

    /**
     * The intent is found through its identity's primary key, in the database's collation: compared in the
     * deliveries' {@code "C"} instead, the join could not use that index and would read every intent. A
     * subquery per delivery, so the planner never walks the identities to find it; its state row is then found
     * by {@code seq}.
     */
    String SELECT = """
            SELECT d.id, d.event_id, d.target_id, i.state, i.attempts, i.next_at, i.last_error, i.created_at,
                   i.updated_at
              FROM deliveries AS d
              JOIN intent_states AS i ON i.seq = (SELECT seq FROM intents WHERE intents.id = d.id COLLATE "default")
            """;

    /**
     * The rest of a list query, after its tenant: an absent filter is bound as {@code NULL}. The list methods
     * differ only in the condition they put first, which is what lets the planner walk the index that narrows the
     * most.
     */
    String PAGE = """
               d.id < :before
               AND (CAST(:state AS text) IS NULL OR i.state = :state)
               AND (CAST(:targetId AS text) IS NULL OR d.target_id = :targetId)
               AND (CAST(:eventId AS text) IS NULL OR d.event_id = :eventId)
             ORDER BY d.id DESC
             LIMIT :limit
            """;

    /**
     * One statement for every delivery of an ingest or a replay, all of one tenant, each row's values at one index
     * of the arrays.
     */
    @SqlUpdate("""
            INSERT INTO deliveries (tenant_id, id, event_id, target_id)
            SELECT :tenant, * FROM unnest(CAST(:ids AS text[]), CAST(:eventIds AS text[]), CAST(:targetIds AS text[]))
            """)
    void insertAll(String tenant, String[] ids, String[] eventIds, String[] targetIds);

    @SqlQuery("SELECT count(*) FROM deliveries WHERE event_id = :eventId")
    int countForEvent(String eventId);

    @SqlQuery(SELECT + " WHERE d.id = :id AND d.tenant_id = :tenant")
    Optional<Delivery> find(String tenant, String id);

    @SqlQuery(SELECT + " WHERE d.event_id = :eventId AND d.tenant_id = :tenant ORDER BY d.id")
    List<Delivery> forEvent(String tenant, String eventId);

    /** Walks {@code deliveries_of_tenant} down from {@code before}. */
    @SqlQuery(SELECT + " WHERE d.tenant_id = :tenant AND " + PAGE)
    List<Delivery> list(String tenant, String state, String targetId, String eventId, String before, int limit);

    /** Walks {@code deliveries_by_target} down from {@code before}. */
    @SqlQuery(SELECT + " WHERE d.tenant_id = :tenant AND d.target_id = :targetId AND " + PAGE)
    List<Delivery> listOfTarget(String tenant, String state, String targetId, String eventId, String before, int limit);

    /** Walks {@code deliveries_by_event} down from {@code before}. */
    @SqlQuery(SELECT + " WHERE d.event_id = :eventId AND d.tenant_id = :tenant AND " + PAGE)
    List<Delivery> listOfEvent(String tenant, String state, String targetId, String eventId, String before, int limit);

    /**
     * Pending work of {@code kind} by target key, of the keys in {@code namespace} ({@code ''}: those without a
     * {@code /}), counted no further than {@code atMost}: walks {@code intents_of_work}.
     */
    @SqlQuery("""
            SELECT target, count(*) AS pending
              FROM (SELECT target FROM intent_states
                     WHERE kind = :kind AND state = 'pending'
                       AND CASE strpos(target, '/') WHEN 0 THEN '' ELSE left(target, strpos(target, '/') - 1) END = :namespace
                     LIMIT :atMost) AS waiting
             GROUP BY target
            """)
    @KeyColumn("target")
    @ValueColumn("pending")
    Map<String, Long> countPendingByKey(String kind, String namespace, int atMost);
}
