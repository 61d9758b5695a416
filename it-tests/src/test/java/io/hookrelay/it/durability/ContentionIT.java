package io.hookrelay.it.durability;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.it.support.HookrelayProcess;
import io.hookrelay.it.support.RelayServer;
import io.hookrelay.it.support.WebhookLoad;
import io.hookrelay.queue.testing.Await;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse.BodyHandlers;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The seed's incident against the real jar: while webhooks stream in and out, an operator runs
 * {@code sqlite3 hookrelay.db .dump} into a pager left open and another program holds a read transaction on
 * the database, both for more than ten seconds. No provider may see anything but a 2xx, every acknowledged
 * event must be delivered with nothing left behind, and once the readers are gone the WAL, which they kept
 * from being checkpointed, must be checkpointed to its end and cut back to hookrelay's size limit.
 */
class ContentionIT {
    private static final int CLIENTS = 8;
    /** Webhook bodies the size of a large repository's push event, so the WAL grows quickly while it is held. */
    private static final int BODY_BYTES = 64 * 1024;
    /** The receiver refuses every tenth first attempt, so retries are written and claimed during the hold too. */
    private static final int FAIL_EVERY = 10;
    /** Enough events that the dump's output (bodies in hex) is many times a pipe's buffer, so it blocks in the middle. */
    private static final int WARM_UP_EVENTS = 20;
    /** The seed's "10+ seconds"; the hold also lasts until the WAL has outgrown the limit, however long that takes. */
    private static final Duration HOLD = Duration.ofSeconds(10);
    private static final Duration HOLD_WAIT = Duration.ofSeconds(90);
    private static final Duration DRAIN_WAIT = Duration.ofSeconds(90);
    /** The {@code journal_size_limit} hookrelay's storage sets on its connections. */
    private static final long JOURNAL_SIZE_LIMIT = 16L * 1024 * 1024;

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    @Test
    void aStuckDumpAndALongReadTransactionUnderLoadCostNoWebhookStrandNoDeliveryAndTheWalRecovers(@TempDir Path dataDir)
            throws Exception {
        Path database = dataDir.resolve("hookrelay.db");
        Path wal = dataDir.resolve("hookrelay.db-wal");
        Figures figures = new Figures();
        WebhookLoad load;
        try (DeliveryTally receiver = DeliveryTally.start(FAIL_EVERY); HookrelayProcess server = HookrelayProcess.serve(dataDir)) {
            long started = System.nanoTime();
            URI base = URI.create("http://127.0.0.1:" + server.awaitPort());
            figures.startup = Duration.ofNanos(System.nanoTime() - started);
            configure(base, HookrelayProcess.adminTokenOf(dataDir), receiver.url());

            load = WebhookLoad.start(base, "shop", CLIENTS, Duration.ZERO, BODY_BYTES);
            try {
                Await.until(WARM_UP_EVENTS + " events acknowledged", RelayServer.WAIT,
                        () -> load.acknowledgedCount() >= WARM_UP_EVENTS);
                WalHeader endOfHold = holdReadersDuringLoad(database, wal, load, figures);

                long released = System.nanoTime();
                Await.until("the WAL checkpointed to its end, restarted and cut back to the limit", RelayServer.WAIT, () -> {
                    WalHeader now = WalHeader.of(wal);
                    return !now.sameGenerationAs(endOfHold) && now.fileBytes() <= JOURNAL_SIZE_LIMIT;
                });
                figures.walAfter = WalHeader.of(wal).fileBytes();
                figures.untilWalRestarted = Duration.ofNanos(System.nanoTime() - released);
                figures.slowestAnswerAfterHold = load.takeSlowestAnswer();
            } finally {
                load.close();
            }
            assertThat(load.refusals()).as("answers other than 2xx, or none").isEmpty();

            List<String> acknowledged = load.acknowledgedIds();
            long drainStarted = System.nanoTime();
            Await.until("every acknowledged event delivered", DRAIN_WAIT,
                    () -> acknowledged.stream().allMatch(receiver::delivered));
            figures.drain = Duration.ofNanos(System.nanoTime() - drainStarted);
            figures.storeRetries = storeRetries(base);
            assertThat(figures.storeRetries).as("store calls that failed transiently and were repeated").isZero();
            server.terminate();
            assertThat(server.awaitExit()).as("exit code after SIGTERM").isZero();

            figures.acknowledged = acknowledged.size();
            figures.refusedByReceiver = receiver.refusedCount();
            assertNothingLostOrStranded(database, acknowledged, receiver);
        }
        System.out.println(figures);
    }

    /**
     * Opens the dump and the JDBC read transaction, keeps them open for {@link #HOLD} and until the WAL has
     * grown past the limit while ingest goes on, checks they really held one snapshot throughout, and lets
     * them go.
     *
     * @return the WAL's header as the readers left it
     */
    private static WalHeader holdReadersDuringLoad(Path database, Path wal, WebhookLoad load, Figures figures) throws Exception {
        load.takeSlowestAnswer();
        figures.walBeforeHold = WalHeader.of(wal).fileBytes();
        try (StuckDump dump = StuckDump.start(database);
                Connection reader = DriverManager.getConnection("jdbc:sqlite:" + database)) {
            execute(reader, "BEGIN");
            long eventsInSnapshot = count(reader, "SELECT count(*) FROM events");
            int acknowledgedBefore = load.acknowledgedCount();
            long holdStarted = System.nanoTime();

            Await.until("readers held " + HOLD + " and the WAL past " + JOURNAL_SIZE_LIMIT + " bytes", HOLD_WAIT,
                    () -> System.nanoTime() - holdStarted >= HOLD.toNanos() && WalHeader.of(wal).fileBytes() > JOURNAL_SIZE_LIMIT);

            WalHeader endOfHold = WalHeader.of(wal);
            figures.held = Duration.ofNanos(System.nanoTime() - holdStarted);
            figures.acknowledgedDuringHold = load.acknowledgedCount() - acknowledgedBefore;
            figures.slowestAnswerDuringHold = load.takeSlowestAnswer();
            figures.walEndOfHold = endOfHold.fileBytes();
            assertThat(dump.isStillRunning()).as("the dump still blocked in the middle of its output").isTrue();
            assertThat(count(reader, "SELECT count(*) FROM events")).as("events the reader's snapshot sees")
                    .isEqualTo(eventsInSnapshot);
            execute(reader, "COMMIT");

            assertThat(figures.acknowledgedDuringHold).as("events acknowledged while the readers held").isPositive();

            figures.dumpedEvents = dump.finish();
            // The dump's snapshot began before the reader's, so it holds no event acknowledged during the hold.
            assertThat(figures.dumpedEvents).as("events in the dump's one snapshot").isPositive()
                    .isLessThanOrEqualTo(eventsInSnapshot);
            return endOfHold;
        }
    }

    /**
     * After the drain and a clean stop, the database itself: every acknowledged event and nothing else, each
     * with its one delivery, completed; the receiver saw every attempt the database counts, in order, and
     * exactly one of them succeeded.
     */
    private static void assertNothingLostOrStranded(Path database, List<String> acknowledged, DeliveryTally receiver)
            throws SQLException {
        try (Connection check = DriverManager.getConnection("jdbc:sqlite:" + database)) {
            assertThat(count(check, "SELECT count(*) FROM events")).isEqualTo(acknowledged.size());
            assertThat(count(check, "SELECT count(*) FROM deliveries")).isEqualTo(acknowledged.size());
            assertThat(count(check, "SELECT count(*) FROM intents WHERE state <> 'completed'"))
                    .as("deliveries pending, running, failed or cancelled").isZero();
            assertThat(count(check, "SELECT count(*) FROM events e WHERE NOT EXISTS "
                    + "(SELECT 1 FROM deliveries d WHERE d.event_id = e.id)")).as("events without a delivery").isZero();
            Map<String, Long> attemptsByEvent = attemptsByEvent(check);
            assertThat(attemptsByEvent).as("deliveries by event").hasSize(acknowledged.size())
                    .containsOnlyKeys(acknowledged);
            for (String eventId : acknowledged) {
                List<DeliveryTally.Receipt> receipts = receiver.receiptsOf(eventId);
                long attempts = attemptsByEvent.get(eventId);
                assertThat(receipts).as("what the receiver got of %s", eventId)
                        .extracting(DeliveryTally.Receipt::attempt)
                        .containsExactlyElementsOf(IntStream.rangeClosed(1, Math.toIntExact(attempts)).boxed().toList());
                assertThat(receipts).as("successful receipts of %s", eventId)
                        .filteredOn(DeliveryTally.Receipt::succeeded).hasSize(1);
                assertThat(receipts).allMatch(receipt -> receipt.bodyBytes() > BODY_BYTES);
            }
        }
    }

    private static Map<String, Long> attemptsByEvent(Connection connection) throws SQLException {
        Map<String, Long> attempts = new HashMap<>();
        try (Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery(
                        "SELECT d.event_id, i.attempts FROM deliveries d JOIN intents i ON i.id = d.id")) {
            while (rows.next()) {
                attempts.put(rows.getString(1), rows.getLong(2));
            }
        }
        return attempts;
    }

    /** A plain source, and a target on {@code receiverUrl} retrying after a second, routed from it. */
    private void configure(URI base, String adminToken, String receiverUrl) throws Exception {
        postAsAdmin(base, adminToken, "/api/v1/sources", "{\"id\":\"shop\"}");
        postAsAdmin(base, adminToken, "/api/v1/targets",
                "{\"id\":\"erp\",\"url\":\"" + receiverUrl + "\",\"retry_schedule_s\":[1,1,1,1,1]}");
        postAsAdmin(base, adminToken, "/api/v1/routes", "{\"source\":\"shop\",\"target\":\"erp\"}");
    }

    private void postAsAdmin(URI base, String adminToken, String path, String json) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(base.resolve(path))
                .timeout(RelayServer.WAIT)
                .header("Authorization", "Bearer " + adminToken)
                .header("Content-Type", "application/json")
                .POST(BodyPublishers.ofString(json, StandardCharsets.UTF_8))
                .build();
        HttpResponse<String> answer = http.send(request, BodyHandlers.ofString(StandardCharsets.UTF_8));
        assertThat(answer.statusCode()).as("POST %s: %s", path, answer.body()).isEqualTo(201);
    }

    /** {@code relay_work_store_retries_total} over every operation, from the server's {@code /metrics}. */
    private double storeRetries(URI base) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(base.resolve("/metrics")).timeout(RelayServer.WAIT).build();
        HttpResponse<String> answer = http.send(request, BodyHandlers.ofString(StandardCharsets.UTF_8));
        assertThat(answer.statusCode()).isEqualTo(200);
        return answer.body().lines()
                .filter(line -> line.startsWith("relay_work_store_retries_total{"))
                .mapToDouble(line -> Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1)))
                .sum();
    }

    private static long count(Connection connection, String sql) throws SQLException {
        try (Statement statement = connection.createStatement(); ResultSet result = statement.executeQuery(sql)) {
            result.next();
            return result.getLong(1);
        }
    }

    private static void execute(Connection connection, String sql) throws SQLException {
        try (Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }

    /** What the closing note reports, printed as one {@code [figures]} line. */
    private static final class Figures {
        int acknowledged;
        long refusedByReceiver;
        long dumpedEvents;
        Duration held = Duration.ZERO;
        int acknowledgedDuringHold;
        Duration slowestAnswerDuringHold = Duration.ZERO;
        Duration slowestAnswerAfterHold = Duration.ZERO;
        long walBeforeHold;
        long walEndOfHold;
        long walAfter;
        double storeRetries;
        Duration startup = Duration.ZERO;
        Duration untilWalRestarted = Duration.ZERO;
        Duration drain = Duration.ZERO;

        @Override
        public String toString() {
            return "[figures] ContentionIT: events acknowledged=" + acknowledged + " (every answer 2xx)"
                    + ", readers held=" + held.toMillis() + "ms, acknowledged while held=" + acknowledgedDuringHold
                    + ", slowest ingest answer while held=" + slowestAnswerDuringHold.toMillis() + "ms"
                    + " (after=" + slowestAnswerAfterHold.toMillis() + "ms)"
                    + ", WAL bytes before hold=" + walBeforeHold + " end of hold=" + walEndOfHold + " after=" + walAfter
                    + " (restarted " + untilWalRestarted.toMillis() + "ms after the readers let go)"
                    + ", event rows in the dump=" + dumpedEvents
                    + ", first attempts refused by the receiver (retried)=" + refusedByReceiver
                    + ", store calls retried after a transient failure=" + (long) storeRetries
                    + ", startup=" + startup.toMillis() + "ms, drain after load=" + drain.toMillis() + "ms";
        }
    }
}
