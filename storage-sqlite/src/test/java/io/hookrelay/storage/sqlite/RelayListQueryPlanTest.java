package io.hookrelay.storage.sqlite;

import static io.hookrelay.storage.sqlite.DaoStatements.sql;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Page ten thousand of a list must cost what page one does: each list walks an index down from its cursor,
 * in the order it returns rows, and never sorts or scans a table. Deleting a target finds its deliveries the
 * same way, however long the history of other targets, and a bulk retry, and its preview's count, walk only what
 * has given up.
 */
class RelayListQueryPlanTest {
    private static final String EVENT_ID = "evt_01JZ0000000000000000000000";

    @TempDir
    Path dataDir;

    record Query(String name, String sql, Map<String, Object> arguments, String walk) {
        @Override
        public String toString() {
            return name;
        }
    }

    static List<Query> queries() {
        Map<String, Object> page = Map.of("tenant", "acme", "before", EVENT_ID, "limit", 51);
        Map<String, Object> noFilter = new HashMap<>(page);
        noFilter.put("state", null);
        noFilter.put("targetId", null);
        noFilter.put("eventId", null);
        Map<String, Object> everyFilter = new HashMap<>(page);
        everyFilter.putAll(Map.of("state", "failed", "targetId", "billing", "eventId", EVENT_ID));
        Map<String, Object> eventPage = new HashMap<>(page);
        eventPage.putAll(Map.of("lowest", "evt_01JY0000000000000000000000", "since", 0L, "until", Long.MAX_VALUE));
        eventPage.put("eventType", null);
        Map<String, Object> sourcePage = new HashMap<>(eventPage);
        sourcePage.put("sourceId", "orders");
        return List.of(
                new Query("events", sql(EventDao.class, "list"), eventPage,
                        "SEARCH events USING INDEX events_of_tenant (tenant_id=? AND id>? AND id<?)"),
                new Query("events of a source", sql(EventDao.class, "listOfSource"), sourcePage,
                        "SEARCH events USING INDEX events_by_source (tenant_id=? AND source_id=? AND id>? AND id<?)"),
                new Query("deliveries", sql(DeliveryDao.class, "list"), noFilter,
                        "SEARCH d USING INDEX deliveries_of_tenant (tenant_id=? AND id<?)"),
                new Query("deliveries of a target", sql(DeliveryDao.class, "listOfTarget"), everyFilter,
                        "SEARCH d USING INDEX deliveries_by_target (tenant_id=? AND target_id=? AND id<?)"),
                new Query("deliveries of an event", sql(DeliveryDao.class, "listOfEvent"), everyFilter,
                        "SEARCH d USING INDEX deliveries_by_event (event_id=? AND tenant_id=? AND id<?)"),
                new Query("cancelling a deleted target's deliveries", sql(IntentDao.class, "retire"),
                        Map.of("kind", "delivery", "target", "billing", "now", 0L), "intents_of_work (kind=? AND target=?)"),
                new Query("the claims a deleted target's deliveries lose", sql(IntentDao.class, "runningClaimsOf"),
                        Map.of("kind", "delivery", "target", "billing"), "intents_of_work (kind=? AND target=?)"),
                new Query("retrying a target's failed deliveries", sql(IntentDao.class, "retryAll"), bulkRetry("billing"),
                        "intents_given_up (kind=? AND updated_at>? AND updated_at<?)"),
                new Query("retrying every failed delivery", sql(IntentDao.class, "retryAll"), bulkRetry(null),
                        "intents_given_up (kind=? AND updated_at>? AND updated_at<?)"),
                new Query("counting what a bulk retry would take", sql(IntentQueryDao.class, "countSelected"),
                        withAtMost(bulkRetry("billing")), "intents_given_up (kind=? AND updated_at>? AND updated_at<?)"));
    }

    private static Map<String, Object> bulkRetry(String target) {
        Map<String, Object> arguments = new HashMap<>(Map.of("kind", "delivery", "state", "failed", "since", 0L,
                "before", Long.MAX_VALUE, "now", 0L));
        arguments.put("target", target);
        arguments.put("namespace", "acme");
        return arguments;
    }

    private static Map<String, Object> withAtMost(Map<String, Object> arguments) {
        Map<String, Object> counted = new HashMap<>(arguments);
        counted.remove("now");
        counted.put("atMost", 10_001);
        return counted;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("queries")
    void walksAnIndexAndNeverSortsOrScans(Query query) {
        List<String> plan;
        try (SqliteRelayDatabase database = SqliteRelayDatabase.open(dataDir)) {
            plan = database.read("explain", handle -> handle.handle().createQuery("EXPLAIN QUERY PLAN " + query.sql())
                    .bindMap(query.arguments())
                    .map((row, context) -> row.getString("detail"))
                    .list());
        }

        assertThat(plan).as("%s", plan).anyMatch(step -> step.contains(query.walk()));
        // Reading a subquery's rows back (a count's) is no scan of a table: the subquery's own walk is bounded.
        assertThat(plan).as("%s", plan).noneMatch(step -> step.contains("TEMP B-TREE")
                || step.startsWith("SCAN") && !step.startsWith("SCAN (subquery-"));
    }
}
