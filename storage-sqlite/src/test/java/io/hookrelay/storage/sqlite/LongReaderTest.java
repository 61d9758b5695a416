package io.hookrelay.storage.sqlite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.hookrelay.queue.Intent;
import io.hookrelay.queue.NewIntent;
import io.hookrelay.storage.sqlite.connection.SqliteConnections;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The seed's incident as a test: while someone else holds a read transaction open on the database,
 * enqueue, claim and complete go on without a single error, and nothing is left behind.
 */
class LongReaderTest {
    private static final Path SQLITE3 = Path.of("/usr/bin/sqlite3");
    private static final Instant NOW = Instant.parse("2025-04-01T08:00:00Z");
    private static final Duration LEASE = Duration.ofMinutes(5);
    /** How long the reader is held while work goes on: "several seconds", not a speed target. */
    private static final Duration HOLD = Duration.ofSeconds(3);
    private static final int WORKERS = 4;
    private static final int SEEDED = 600;

    @TempDir
    Path dataDir;

    private SqliteDatabase database;
    private SqliteIntentStore store;
    private ExecutorService threads;

    @BeforeEach
    void open() {
        database = SqliteDatabase.open(dataDir);
        store = new SqliteIntentStore(database);
        threads = Executors.newFixedThreadPool(WORKERS);
    }

    @AfterEach
    void close() throws InterruptedException {
        threads.shutdownNow();
        threads.awaitTermination(30, TimeUnit.SECONDS);
        database.close();
    }

    @Test
    void anOpenReadTransactionOnAnotherConnectionDisturbsNothing() throws Exception {
        seed();
        try (Connection reader = PlainConnections.open(database.databaseFile())) {
            PlainConnections.execute(reader, "BEGIN");
            long seenAtStart = PlainConnections.count(reader, "SELECT count(*) FROM intents");

            int worked = workWhileHeld();

            // The reader really held one snapshot throughout: it still sees only what was there.
            assertThat(PlainConnections.count(reader, "SELECT count(*) FROM intents")).isEqualTo(seenAtStart);
            PlainConnections.execute(reader, "COMMIT");
            assertThat(worked).isPositive();
        }
        assertEverythingCompleted();
    }

    @Test
    void anSqlite3DumpInProgressDisturbsNothing() throws Exception {
        assumeTrue(Files.isExecutable(SQLITE3), "the sqlite3 command-line shell is not installed");
        seed();
        Process dump = new ProcessBuilder(SQLITE3.toString(), database.databaseFile().toString(), ".dump")
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        try (BufferedReader output = new BufferedReader(
                new InputStreamReader(dump.getInputStream(), StandardCharsets.UTF_8))) {
            // Once rows are coming out, the dump's read transaction is open. Reading then stops, the pipe
            // fills (the dump is far bigger than a pipe buffer) and the dump is stuck mid-table, holding
            // its transaction, like `sqlite3 hookrelay.db .dump | less` left open.
            int dumpedRows = 0;
            while (dumpedRows == 0) {
                String line = output.readLine();
                assertThat(line).as("the dump ended before any intent row").isNotNull();
                dumpedRows += isIntentRow(line) ? 1 : 0;
            }

            int worked = workWhileHeld();

            assertThat(dump.isAlive()).as("the dump was still holding its transaction").isTrue();
            for (String line = output.readLine(); line != null; line = output.readLine()) {
                dumpedRows += isIntentRow(line) ? 1 : 0;
            }
            assertThat(dump.waitFor(30, TimeUnit.SECONDS)).isTrue();
            assertThat(dump.exitValue()).isZero();
            // One snapshot from before the work: exactly the seeded rows, none of those enqueued since.
            assertThat(dumpedRows).isEqualTo(SEEDED);
            assertThat(worked).isPositive();
        } finally {
            dump.destroyForcibly();
        }
        assertEverythingCompleted();
    }

    @Test
    void aWalThatALongReaderLetGrowIsCutBackToTheLimitOnceTheReaderIsGone() throws Exception {
        Path wal = Path.of(database.databaseFile() + "-wal");
        String payload = "w".repeat(64 * 1024);
        int batches = 0;
        try (Connection reader = PlainConnections.open(database.databaseFile())) {
            PlainConnections.execute(reader, "BEGIN");
            PlainConnections.count(reader, "SELECT count(*) FROM intents");
            // No checkpoint can get past the reader's snapshot, so every write makes the WAL longer.
            while (Files.size(wal) <= 2 * SqliteConnections.JOURNAL_SIZE_LIMIT) {
                int first = 8 * batches++;
                store.enqueueAll(IntStream.range(first, first + 8)
                        .mapToObj(i -> NewIntent.of("large", "event-" + i, "target", payload))
                        .toList(), NOW);
            }
            PlainConnections.execute(reader, "COMMIT");
        }
        long grown = Files.size(wal);

        // The next commits checkpoint everything, restart the WAL from its beginning and cut the file.
        int writesAfter = 0;
        while (Files.size(wal) > SqliteConnections.JOURNAL_SIZE_LIMIT && writesAfter < 10) {
            store.enqueue(NewIntent.of("small", "after-" + writesAfter++, "target", "{}"), NOW);
        }

        assertThat(grown).isGreaterThan(2 * SqliteConnections.JOURNAL_SIZE_LIMIT);
        assertThat(Files.size(wal)).as("the WAL after %s small writes", writesAfter)
                .isLessThanOrEqualTo(SqliteConnections.JOURNAL_SIZE_LIMIT);
    }

    private static boolean isIntentRow(String line) {
        return line.startsWith("INSERT INTO intents ");
    }

    private void seed() {
        String payload = "{\"padding\":\"" + "x".repeat(400) + "\"}";
        for (int start = 0; start < SEEDED; start += 200) {
            store.enqueueAll(IntStream.range(start, start + 200)
                    .mapToObj(i -> NewIntent.of("seeded", "event-" + i, "target", payload))
                    .toList(), NOW);
        }
    }

    /**
     * Enqueues, claims and completes from several threads for {@link #HOLD}; any exception fails the test.
     *
     * @return how many intents were completed
     */
    private int workWhileHeld() throws Exception {
        long until = System.nanoTime() + HOLD.toNanos();
        AtomicInteger enqueued = new AtomicInteger();
        List<Future<Integer>> workers = new ArrayList<>();
        for (int w = 0; w < WORKERS; w++) {
            workers.add(threads.submit(() -> {
                int completed = 0;
                while (System.nanoTime() < until) {
                    int first = enqueued.getAndAdd(5);
                    store.enqueueAll(IntStream.range(first, first + 5)
                            .mapToObj(i -> NewIntent.of("during-read", "event-" + i, "target", "{}"))
                            .toList(), NOW);
                    completed += claimAndComplete(10);
                }
                return completed;
            }));
        }
        int completed = 0;
        for (Future<Integer> worker : workers) {
            completed += worker.get(60, TimeUnit.SECONDS);
        }
        return completed;
    }

    private int claimAndComplete(int max) {
        List<Intent> claimed = store.claim(NOW, LEASE, max);
        for (Intent intent : claimed) {
            assertThat(store.complete(intent.requireClaim(), NOW)).isTrue();
        }
        return claimed.size();
    }

    private void assertEverythingCompleted() throws SQLException {
        while (claimAndComplete(500) > 0) {
            // Finish what is left, so every intent ever enqueued must now be completed.
        }
        try (Connection check = PlainConnections.open(database.databaseFile())) {
            assertThat(PlainConnections.count(check, "SELECT count(*) FROM intents WHERE state <> 'completed'"))
                    .isZero();
            assertThat(PlainConnections.count(check, "SELECT count(*) FROM intents"))
                    .isGreaterThan(SEEDED);
        }
    }
}
