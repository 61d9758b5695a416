package io.hookrelay.storage.sqlite;

import static io.hookrelay.storage.sqlite.DaoStatements.sql;
import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.queue.Intent;
import io.hookrelay.queue.NewIntent;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the shared contract cannot see: a pause or resume of more open intents than one chunk is split into
 * transactions, so other writes can go on between them, and still holds or releases every one.
 */
class SqliteIntentStorePauseTest {
    private static final Instant NOW = Instant.parse("2026-01-01T00:00:00Z");
    private static final Duration LEASE = Duration.ofSeconds(30);
    private static final int OPEN = SqliteIntentStore.HOLD_CHUNK * 2 + 500;

    @TempDir
    Path dataDir;

    @Test
    void pausingMoreThanAChunkHoldsEveryOpenIntentOneChunkPerTransaction() {
        try (SqliteDatabase database = SqliteDatabase.open(dataDir)) {
            SqliteIntentStore store = storeWithOpenWork(database);
            long transactions = transactionsDuring(database, () -> store.pause("job", "busy"));

            assertThat(transactions).as("three chunks, then the walk finding none left").isEqualTo(4);
            assertThat(store.isPaused("job", "busy")).isTrue();
            assertThat(store.claim(NOW, LEASE, OPEN + 1)).extracting(Intent::target).containsExactly("quiet");
        }
    }

    @Test
    void resumingMoreThanAChunkReleasesEveryHeldIntentAndLiftsThePauseLast() {
        try (SqliteDatabase database = SqliteDatabase.open(dataDir)) {
            SqliteIntentStore store = storeWithOpenWork(database);
            store.pause("job", "busy");
            store.enqueue(NewIntent.of("job", "evt_late", "busy", ""), NOW);
            long transactions = transactionsDuring(database, () -> store.resume("job", "busy"));

            assertThat(transactions).as("three chunks, the empty walk, the lifting").isEqualTo(5);
            assertThat(store.isPaused("job", "busy")).isFalse();
            assertThat(store.claim(NOW, LEASE, OPEN + 2)).hasSize(OPEN + 2);
        }
    }

    /** As if the process had died after a resume's first transaction. */
    @Test
    void aResumeStoppedAfterItsFirstChunkLeavesThePairPausedWithNewWorkFlowingAndResumingAgainFinishesIt() {
        try (SqliteDatabase database = SqliteDatabase.open(dataDir)) {
            SqliteIntentStore store = storeWithOpenWork(database);
            store.pause("job", "busy");
            database.write("first chunk of a resume", handle -> {
                PauseDao pauses = handle.attach(PauseDao.class);
                pauses.startReleasing("job", "busy");
                return pauses.setHeld("job", "busy", false, 0, SqliteIntentStore.HOLD_CHUNK);
            });

            store.enqueue(NewIntent.of("job", "evt_during", "busy", ""), NOW);

            assertThat(store.isPaused("job", "busy")).isTrue();
            assertThat(store.claim(NOW, LEASE, OPEN + 2)).as("the released chunk, the new intent, the other target")
                    .hasSize(SqliteIntentStore.HOLD_CHUNK + 2);

            store.resume("job", "busy");

            assertThat(store.isPaused("job", "busy")).isFalse();
            assertThat(store.claim(NOW, LEASE, OPEN + 2)).hasSize(OPEN - SqliteIntentStore.HOLD_CHUNK);
        }
    }

    @Test
    void eachChunkIsFoundAndSetThroughTheIntentsOfWorkIndexFromWhereTheLastEnded() {
        try (SqliteDatabase database = SqliteDatabase.open(dataDir)) {
            Map<String, Object> arguments = Map.of("kind", "job", "target", "busy", "after", 0L, "upTo", 0L, "limit", 1,
                    "held", true);
            for (String statement : List.of(sql(PauseDao.class, "endOfChunk"), sql(PauseDao.class, "setHeld"))) {
                List<String> plan = database.read("explain", handle -> handle.handle()
                        .createQuery("EXPLAIN QUERY PLAN " + statement).bindMap(arguments)
                        .map((row, context) -> row.getString("detail")).list());

                assertThat(plan).as(statement).anyMatch(step -> step.contains("USING INDEX intents_of_work (kind=? AND target=? AND rowid>?"))
                        .noneMatch(step -> step.startsWith("SCAN intents") || step.contains("TEMP B-TREE"));
            }
        }
    }

    /** How many transactions the writer committed while {@code change} ran. */
    private static long transactionsDuring(SqliteDatabase database, Runnable change) {
        long before = database.writeStats().transactions();
        change.run();
        return database.writeStats().transactions() - before;
    }

    private static SqliteIntentStore storeWithOpenWork(SqliteDatabase database) {
        SqliteIntentStore store = new SqliteIntentStore(database);
        store.enqueueAll(IntStream.range(0, OPEN).mapToObj(i -> NewIntent.of("job", "evt_" + i, "busy", "")).toList(), NOW);
        store.enqueue(NewIntent.of("job", "evt_other", "quiet", ""), NOW);
        return store;
    }
}
