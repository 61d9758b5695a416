package io.hookrelay.storage.sqlite;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The claim must cost the same however large the backlog: it reads indexes, never the whole table. */
class ClaimQueryPlanTest {

    @TempDir
    Path dataDir;

    record Step(int id, int parent, String detail) {
    }

    @Test
    void theClaimWalksThePartialIndexesAndSortsOnlyWhatItTakes() {
        List<Step> plan;
        try (SqliteDatabase database = SqliteDatabase.open(dataDir)) {
            plan = explainClaim(database);
        }

        Step duePending = single(plan, "INDEX intents_due ");
        single(plan, "INDEX intents_lease ");
        assertThat(plan).extracting(Step::detail)
                .noneMatch(detail -> detail.matches("SCAN (intents|candidate)\\b.*"));
        // Pending work is read in claim order straight from the index, inside its own limited subquery:
        // no sort beside that walk. (Sorting the union of both branches instead would sort every due row.)
        Step branch = plan.stream().filter(step -> step.id() == duePending.parent()).findFirst().orElseThrow();
        assertThat(branch.detail()).startsWith("CO-ROUTINE");
        assertThat(plan).filteredOn(step -> step.parent() == branch.id())
                .extracting(Step::detail)
                .noneMatch(detail -> detail.contains("TEMP B-TREE"));
    }

    @Test
    void theClaimUpdatesTheRowsItChoseByRowidNotThroughTheIdIndex() {
        List<Step> plan;
        try (SqliteDatabase database = SqliteDatabase.open(dataDir)) {
            plan = explainClaim(database);
        }

        // Ids are hashes, so a million-row backlog spreads its claim over as many pages of the id index: every
        // claimed row would read a page of it that is rarely in the cache. Rowids of due work sit together.
        single(plan, "SEARCH intents USING INTEGER PRIMARY KEY (rowid=?)");
        assertThat(plan).extracting(Step::detail).noneMatch(detail -> detail.contains("sqlite_autoindex_intents"));
    }

    @Test
    void lookingForEndedLeasesBeforeEachClaimReadsOnlyTheLeaseIndex() {
        List<Step> plan;
        try (SqliteDatabase database = SqliteDatabase.open(dataDir)) {
            plan = explain(database, IntentDao.ANY_LEASE_ENDED, Map.of("now", 0L));
        }

        single(plan, "INDEX intents_lease ");
        assertThat(plan).extracting(Step::detail).noneMatch(detail -> detail.startsWith("SCAN intents"));
    }

    @Test
    void advancingAFifoLaneSeeksItsHeadAndItsNextInTheLanesIndex() {
        List<Step> plan;
        try (SqliteDatabase database = SqliteDatabase.open(dataDir)) {
            plan = explain(database, LaneDao.ADVANCE, Map.of("fifoKey", "lane"));
        }

        assertThat(plan).extracting(Step::detail)
                .filteredOn(detail -> detail.contains("intents_lanes (waiting=? AND fifo_key=?)")).hasSize(2);
        assertThat(plan).extracting(Step::detail).noneMatch(detail -> detail.startsWith("SCAN"));
    }

    private static List<Step> explainClaim(SqliteDatabase database) {
        return explain(database, IntentDao.CLAIM, Map.of("now", 0L, "claimUntil", 0L, "max", 10));
    }

    private static List<Step> explain(SqliteDatabase database, String statement, Map<String, Object> arguments) {
        return database.read("explain", handle -> handle.handle().createQuery("EXPLAIN QUERY PLAN " + statement)
                .bindMap(arguments)
                .map((row, context) -> new Step(row.getInt("id"), row.getInt("parent"), row.getString("detail")))
                .list());
    }

    /** The one step reading the index named in {@code fragment}; a covering read of it, which never touches the table, counts too. */
    private static Step single(List<Step> plan, String fragment) {
        List<Step> matching = plan.stream().filter(step -> step.detail().contains(fragment)).toList();
        assertThat(matching).as("plan steps containing '%s' in %s", fragment, plan).hasSize(1);
        return matching.get(0);
    }
}
