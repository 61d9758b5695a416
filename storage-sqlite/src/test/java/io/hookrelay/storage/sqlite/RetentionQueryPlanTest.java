package io.hookrelay.storage.sqlite;

import static io.hookrelay.storage.sqlite.DaoStatements.sql;
import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.delivery.model.Delivery;
import io.hookrelay.delivery.port.EndedDeliveries;
import io.hookrelay.delivery.retention.RetentionSweeper;
import io.hookrelay.storage.jdbi.OldEventDao;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.IntStream;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.statement.Query;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Retention must cost the same per batch however large the database: finding walks an index from the oldest
 * row, each delete reaches its rows by key, and nothing scans a table or sorts. Deleting a parent row makes
 * SQLite look for its children, so every foreign key must be indexed too.
 */
class RetentionQueryPlanTest {
    /** A full batch, as the sweeper deletes them: the plan must hold for that many ids, not just a few. */
    private static final List<String> IDS = IntStream.range(0, RetentionSweeper.DEFAULT_BATCH_SIZE)
            .mapToObj(i -> String.format("dlv_01JZ%022d", i)).toList();

    @TempDir
    Path dataDir;

    record Statement(String name, String sql, Map<String, Object> arguments, Optional<String> ended, List<String> walks) {
        @Override
        public String toString() {
            return name;
        }
    }

    static List<Statement> statements() {
        Map<String, Object> deliveryCut = Map.of("kind", Delivery.KIND, "endedBefore", 0L);
        Map<String, Object> eventCut = Map.of("receivedBefore", 0L);
        Optional<String> completed = Optional.of(SqliteRetentionStore.stateCondition(EndedDeliveries.COMPLETED));
        return List.of(
                new Statement("deleting delivery rows", sql(RetentionDao.class, "deleteDeliveryRows"), deliveryCut, completed,
                        List.of("SEARCH deliveries USING PRIMARY KEY (id=?)",
                                "SEARCH intents USING INDEX sqlite_autoindex_intents_1 (id=?)")),
                new Statement("deleting intents", sql(IntentDao.class, "deleteEnded"), deliveryCut, completed,
                        List.of("SEARCH intents USING INDEX sqlite_autoindex_intents_1 (id=?)",
                                "SEARCH intent_attempts USING PRIMARY KEY (intent_id=?)")),
                new Statement("walking events", sql(OldEventDao.class, "eventsReceivedBefore"),
                        Map.of("receivedBefore", 0L, "afterReceivedAt", 0L, "afterId", "", "limit", 500), Optional.empty(),
                        List.of("events_by_received_at ((received_at,id)>(?,?) AND received_at<?)", "deliveries_by_event (event_id=?)")),
                new Statement("deleting idempotency keys", sql(RetentionDao.class, "deleteKeys"), eventCut, Optional.empty(),
                        List.of("SEARCH idempotency_keys USING COVERING INDEX idempotency_keys_by_event (event_id=?)",
                                "SEARCH events USING INDEX sqlite_autoindex_events_1 (id=?)")),
                new Statement("deleting events", sql(RetentionDao.class, "deleteEvents"), eventCut, Optional.empty(),
                        List.of("SEARCH events USING INDEX sqlite_autoindex_events_1 (id=?)", "deliveries_by_event (event_id=?)")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("statements")
    void reachesItsRowsByIndexAndNeverSortsOrScans(Statement statement) {
        List<String> plan = plan(statement.sql(), statement.arguments(), statement.ended());

        assertThat(plan).as("%s", plan).allSatisfy(step -> assertThat(step).doesNotContain("TEMP B-TREE").doesNotStartWith("SCAN"));
        statement.walks().forEach(walk -> assertThat(plan).as("%s", plan).anyMatch(step -> step.contains(walk)));
    }

    /** The partial index is used only because the statement spells out the index's own condition. */
    @ParameterizedTest
    @EnumSource(EndedDeliveries.class)
    void endedDeliveriesAreFoundOldestFirstThroughTheirGroupsPartialIndex(EndedDeliveries group) {
        String index = group == EndedDeliveries.COMPLETED ? "intents_completed" : "intents_given_up";

        List<String> plan = plan(sql(RetentionDao.class, "endedDeliveries"),
                Map.of("kind", Delivery.KIND, "endedBefore", 0L, "limit", 500), Optional.of(SqliteRetentionStore.stateCondition(group)));

        assertThat(plan).containsExactly("SEARCH intents USING INDEX " + index + " (kind=? AND updated_at<?)");
    }

    @Test
    void everyForeignKeyIsIndexedSoDeletingAParentNeverScansItsChildren() {
        try (SqliteRelayDatabase database = SqliteRelayDatabase.open(dataDir)) {
            database.read("check foreign key indexes", attached -> {
                Handle handle = attached.handle();
                List<String> tables = handle.createQuery("SELECT name FROM sqlite_schema WHERE type = 'table'").mapTo(String.class).list();
                for (String table : tables) {
                    List<String> foreignKeys = handle.createQuery("""
                                    SELECT group_concat("from", ',' ORDER BY seq) FROM pragma_foreign_key_list(:table) GROUP BY id""")
                            .bind("table", table).mapTo(String.class).list();
                    List<String> indexed = handle.createQuery("""
                                    SELECT group_concat(info.name, ',' ORDER BY info.seqno) || ','
                                      FROM pragma_index_list(:table) AS list, pragma_index_info(list.name) AS info
                                     GROUP BY list.name""")
                            .bind("table", table).mapTo(String.class).list();
                    assertThat(foreignKeys).as("foreign keys of %s, each the first columns of an index", table)
                            .allMatch(columns -> indexed.stream().anyMatch(index -> index.startsWith(columns + ",")));
                }
                return null;
            });
        }
    }

    private List<String> plan(String sql, Map<String, Object> arguments, Optional<String> ended) {
        try (SqliteRelayDatabase database = SqliteRelayDatabase.open(dataDir)) {
            return database.read("explain", handle -> explain(handle.handle(), sql, arguments, ended));
        }
    }

    private static List<String> explain(Handle handle, String sql, Map<String, Object> arguments, Optional<String> ended) {
        Query query = handle.createQuery("EXPLAIN QUERY PLAN " + sql).bindMap(arguments);
        ended.ifPresent(condition -> query.define("ended", condition));
        if (sql.contains("<ids>")) {
            query.bindList("ids", IDS);
        }
        return query.map((row, context) -> row.getString("detail")).list();
    }
}
