package io.hookrelay.storage.postgres.relay;

import static io.hookrelay.storage.postgres.relay.DaoStatements.sql;
import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.delivery.model.Delivery;
import io.hookrelay.storage.jdbi.OldEventDao;
import io.hookrelay.storage.jdbi.RouteDao;
import io.hookrelay.storage.postgres.RelayNode;
import io.hookrelay.storage.postgres.testing.PostgresTestDatabase;
import java.time.Clock;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Page ten thousand of a list must cost what page one does, and retention must find old rows without reading
 * young ones: each query walks an index in the order it returns rows, and never sorts or scans a table.
 * Scans of tables, bitmap scans (which lose the index's order) and sorts are switched off, so the plans show
 * whether an index can serve the query in order even though the tables are empty and any plan would do.
 */
class RelayQueryPlanTest {
    private static final String EVENT_ID = "evt_01JZ0000000000000000000000";

    @RegisterExtension
    static final PostgresTestDatabase postgres = new PostgresTestDatabase();

    private static RelayNode node;

    record Query(String name, String sql, Map<String, Object> arguments, String index) {
        @Override
        public String toString() {
            return name;
        }
    }

    @BeforeAll
    static void open() throws Exception {
        node = new RelayNode(postgres.freshSchema(), Clock.systemUTC());
    }

    @AfterAll
    static void close() {
        node.close();
    }

    static List<Query> queries() {
        Map<String, Object> page = Map.of("tenant", "default", "before", EVENT_ID, "limit", 51);
        Map<String, Object> noFilter = new HashMap<>(page);
        noFilter.put("state", null);
        noFilter.put("targetId", null);
        noFilter.put("eventId", null);
        // DeliveryListing leads with the event whenever there is one, so a target's page never has one.
        Map<String, Object> targetPage = new HashMap<>(noFilter);
        targetPage.putAll(Map.of("state", "failed", "targetId", "billing"));
        Map<String, Object> eventPage = new HashMap<>(noFilter);
        eventPage.put("eventId", EVENT_ID);
        Map<String, Object> eventsPage = new HashMap<>(page);
        eventsPage.putAll(Map.of("lowest", "evt_01JY0000000000000000000000", "since", 0L, "until", Long.MAX_VALUE));
        eventsPage.put("eventType", null);
        Map<String, Object> sourcePage = new HashMap<>(eventsPage);
        sourcePage.put("sourceId", "orders");
        Map<String, Object> ended = Map.of("kind", Delivery.KIND, "endedBefore", 1L, "limit", 500);
        return List.of(
                new Query("events", sql(EventDao.class, "list"), eventsPage, "events_of_tenant"),
                new Query("events of a source", sql(EventDao.class, "listOfSource"), sourcePage, "events_by_source"),
                new Query("deliveries", sql(DeliveryDao.class, "list"), noFilter, "deliveries_of_tenant"),
                new Query("deliveries of a target", sql(DeliveryDao.class, "listOfTarget"), targetPage, "deliveries_by_target"),
                new Query("deliveries of an event", sql(DeliveryDao.class, "listOfEvent"), eventPage, "deliveries_by_event"),
                new Query("a delivery's intent", sql(DeliveryDao.class, "find"), Map.of("tenant", "default", "id", "dlv_x"),
                        "intents_pkey"),
                new Query("routes of a source", sql(RouteDao.class, "forSource"), Map.of("tenant", "default", "sourceId", "orders"),
                        "routes_by_source"),
                new Query("pending deliveries of a tenant", sql(DeliveryDao.class, "countPendingByKey"),
                        Map.of("kind", Delivery.KIND, "namespace", "acme", "atMost", 1000), "intents_of_work"),
                new Query("completed deliveries", sql(RetentionDao.class, "completed"), ended, "intents_completed"),
                new Query("failed and cancelled deliveries", sql(RetentionDao.class, "givenUp"), ended, "intents_given_up"),
                new Query("old events", sql(OldEventDao.class, "eventsReceivedBefore"),
                        Map.of("receivedBefore", 1L, "afterReceivedAt", 0L, "afterId", "", "limit", 500),
                        "events_by_received_at"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("queries")
    void walksAnIndexAndNeverSortsOrScans(Query query) {
        List<String> plan = node.database.transaction("explain", handle -> {
            handle.execute("SET LOCAL enable_seqscan = off");
            handle.execute("SET LOCAL enable_bitmapscan = off");
            handle.execute("SET LOCAL enable_sort = off");
            return handle.createQuery("EXPLAIN " + query.sql()).bindMap(query.arguments()).mapTo(String.class).list();
        });

        assertThat(plan).as("%s", plan).anyMatch(step -> step.contains(" " + query.index()));
        assertThat(plan).as("%s", plan).noneMatch(step -> step.contains("Seq Scan") || step.contains("Sort"));
    }
}
