package io.hookrelay.it.operations;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.hookrelay.it.support.ApiClient;
import io.hookrelay.it.support.ApiResponse;
import io.hookrelay.it.support.HookrelayProcess;
import io.hookrelay.it.support.Json;
import io.hookrelay.it.support.Receiver;
import io.hookrelay.it.support.RelayServer;
import io.hookrelay.queue.testing.Await;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Retention in the real jar, on the real clock: what goes when, what stays, and that ingest keeps being
 * answered while a large history is deleted. Times are compared on this machine's clock, which is the
 * server's too, as lower bounds ("not deleted before its time"), which no slow machine can break; how late
 * a row goes is a figure, not an assertion. The one ordering checked, a failed delivery still there after a
 * completed one has gone, has the two seconds between the retentions plus the failed one's retry for room.
 */
class RetentionIT {
    private static final Duration WAIT = RelayServer.WAIT;
    private static final Duration RETAIN_COMPLETED = Duration.ofSeconds(2);
    private static final Duration RETAIN_FAILED = Duration.ofSeconds(4);
    /** Events in the history the large sweep deletes, each with one failed delivery; more for a bigger figure. */
    private static final int HISTORY = Integer.getInteger("retention.history", 5_000);
    private static final int CLIENTS = 4;
    /** Ingests per client once the sweep is over, for latency without a sweep in the same run. */
    private static final int BASELINE_INGESTS = 10;
    private static final Pattern DELETED = Pattern.compile("(?m)^relay_retention_deleted_total\\{what=\"(delivery|event)\"} (\\S+)$");
    private static final Pattern SWEEP_LOG = Pattern.compile("retention sweep deleted deliveries=(\\d+) events=(\\d+) in (\\d+) ms");

    @Test
    void completedDeliveriesAndTheirEventsGoAfterTheirRetentionFailedOnesStayLongerAndPendingOnesStay(@TempDir Path dataDir)
            throws Exception {
        try (Receiver ok = answering(200); Receiver refusing = answering(500);
                HookrelayProcess server = HookrelayProcess.serve(dataDir, "--retain-completed", "2s", "--retain-failed", "4s")) {
            Api api = new Api(server.awaitPort(), HookrelayProcess.adminTokenOf(dataDir));
            api.post("/api/v1/targets", Json.write(Map.of("id", "ok", "url", ok.url()))).expect(201);
            // The failed delivery ends about two seconds after the completed ones, with two attempts in its log.
            api.post("/api/v1/targets", Json.write(Map.of("id", "failing", "url", refusing.url(),
                    "retry_schedule_s", List.of(2)))).expect(201);
            api.post("/api/v1/targets", Json.write(Map.of("id", "paused", "url", ok.url()))).expect(201);
            for (String source : List.of("shop", "alerts", "mixed", "unrouted")) {
                api.post("/api/v1/sources", Json.write(Map.of("id", source))).expect(201);
            }
            api.route("shop", "ok");
            api.route("alerts", "failing");
            api.route("mixed", "ok");
            api.route("mixed", "paused");
            // Every target starts paused, so no delivery can end, and none can go, before the test has found them all.
            List.of("ok", "failing", "paused").forEach(target -> api.post("/api/v1/targets/" + target + "/pause").expect(200));

            String delivered = api.accept("shop", Map.of());
            String failing = api.accept("alerts", Map.of("Idempotency-Key", "order-7"));
            String mixed = api.accept("mixed", Map.of());
            assertThat(api.ingest("alerts", Map.of("Idempotency-Key", "order-7")).expect(200).path("event_id").asText())
                    .isEqualTo(failing);
            Instant unroutedSent = Instant.now();
            String unrouted = api.accept("unrouted", Map.of());
            String completedId = api.deliveryOf(delivered, "ok");
            String mixedCompletedId = api.deliveryOf(mixed, "ok");
            String failedId = api.deliveryOf(failing, "failing");
            String pendingId = api.deliveryOf(mixed, "paused");
            Instant resumed = Instant.now();
            List.of("ok", "failing").forEach(target -> api.post("/api/v1/targets/" + target + "/resume").expect(200));

            // A delivery ends after its target was resumed, and an event goes after its deliveries: the earliest
            // time each may go is reckoned from then.
            Watched completedDelivery = new Watched("/api/v1/deliveries/" + completedId, resumed, RETAIN_COMPLETED);
            Watched completedEvent = new Watched("/api/v1/events/" + delivered, resumed, RETAIN_COMPLETED);
            Watched mixedDelivery = new Watched("/api/v1/deliveries/" + mixedCompletedId, resumed, RETAIN_COMPLETED);
            Watched unroutedEvent = new Watched("/api/v1/events/" + unrouted, unroutedSent, RETAIN_COMPLETED);
            Watched failedDelivery = new Watched("/api/v1/deliveries/" + failedId, resumed, RETAIN_FAILED);
            Watched failedEvent = new Watched("/api/v1/events/" + failing, resumed, RETAIN_FAILED);
            Watched pendingDelivery = new Watched("/api/v1/deliveries/" + pendingId, resumed, Duration.ofDays(1));
            Watched mixedEvent = new Watched("/api/v1/events/" + mixed, resumed, Duration.ofDays(1));
            List<Watched> going = List.of(completedDelivery, completedEvent, mixedDelivery, unroutedEvent, failedDelivery, failedEvent);
            List<Watched> all = new ArrayList<>(going);
            all.addAll(List.of(pendingDelivery, mixedEvent));

            // The retentions and the failed delivery's retry take six of these seconds by themselves.
            Await.until("every ended delivery and every event without deliveries deleted", WAIT.multipliedBy(2), () -> {
                all.forEach(watched -> watched.look(api));
                return going.stream().allMatch(Watched::gone);
            });

            all.forEach(Watched::assertNotGoneEarly);
            assertThat(failedDelivery.lastSeenIn("failed"))
                    .as("the failed delivery was still there, failed, after the completed one had gone")
                    .isAfter(completedDelivery.firstGoneAt);
            assertThat(failedDelivery.lastBody.path("attempt_log")).as("with its attempt log").hasSize(2);
            assertThat(pendingDelivery.gone()).as("a pending delivery stays").isFalse();
            assertThat(mixedEvent.gone()).as("an event with a delivery left stays").isFalse();
            assertThat(pendingDelivery.lastBody.path("state").asText()).isEqualTo("pending");
            // Besides those three events, the operator events of the three pauses, of ok's recovery and of the failure,
            // which have no deliveries (no operator target is set) and go as the completed ones do.
            Await.until("the deletions counted", WAIT, () -> api.deleted().equals(Map.of("delivery", 3L, "event", 8L)));
            assertThat(api.get("/api/v1/operator-events").expect(200).path("data")).as("the operator events swept").isEmpty();
            String metrics = api.metrics();
            assertThat(metrics).contains("relay_retention_sweep_failures_total 0.0")
                    .containsPattern("(?m)^relay_storage_db_bytes [1-9]")
                    .containsPattern("(?m)^relay_storage_wal_bytes [0-9]");
            String next = api.accept("alerts", Map.of("Idempotency-Key", "order-7"));
            assertThat(next).as("the key went with its event, so it names a new one").isNotEqualTo(failing);

            System.out.printf("[figures] retention: first seen gone, after its target was resumed: a completed delivery "
                            + "%.1f s (--retain-completed 2s), a failed one %.1f s (--retain-failed 4s)%n",
                    completedDelivery.secondsSinceStart(), failedDelivery.secondsSinceStart());
            server.terminate();
            assertThat(server.awaitExit()).isZero();
        }
    }

    /**
     * While clients post webhooks to a server whose deliveries complete (kept an hour), a long history of
     * failed deliveries (kept ten seconds) is written into its database from outside, already two hours old,
     * and the next sweep deletes it. Each client reads the deletion count before sending and after its
     * answer: an answer between a count above zero and a count below the total came while batches were still
     * being deleted, which is what "not blocked" means here, without a speed in sight. The history arrives
     * while the clients are already posting, so the overlap does not depend on how fast this machine is.
     */
    @Test
    void webhooksAreAcknowledgedBetweenTheBatchesOfALargeSweep(@TempDir Path dataDir) throws Exception {
        long total = 2L * HISTORY;
        List<Ingest> ingests = new ArrayList<>();
        String log;
        try (Receiver ok = answering(200);
                HookrelayProcess server = HookrelayProcess.serve(dataDir, "--retain-completed", "1h", "--retain-failed", "10s")) {
            Api api = new Api(server.awaitPort(), HookrelayProcess.adminTokenOf(dataDir));
            api.post("/api/v1/sources", Json.write(Map.of("id", FailedHistory.SOURCE))).expect(201);
            api.post("/api/v1/targets", Json.write(Map.of("id", FailedHistory.TARGET, "url", ok.url())))
                    .expect(201);
            api.route(FailedHistory.SOURCE, FailedHistory.TARGET);
            AtomicInteger acknowledged = new AtomicInteger();
            ExecutorService clients = Executors.newFixedThreadPool(CLIENTS);
            try {
                List<Future<List<Ingest>>> posting = new ArrayList<>();
                for (int i = 0; i < CLIENTS; i++) {
                    posting.add(clients.submit(() -> postUntilSwept(api, total, acknowledged)));
                }
                Await.until("webhooks flowing", WAIT, () -> acknowledged.get() >= 5 * CLIENTS);
                FailedHistory.insert(dataDir.resolve("hookrelay.db"), HISTORY, Instant.now().minus(Duration.ofHours(2)));
                for (Future<List<Ingest>> client : posting) {
                    ingests.addAll(client.get());
                }
            } finally {
                clients.shutdownNow();
            }
            server.terminate();
            assertThat(server.awaitExit()).isZero();
            log = server.stdout();
        }

        assertThat(ingests).as("every webhook acknowledged").allSatisfy(ingest -> assertThat(ingest.status()).isEqualTo(202));
        List<Ingest> duringSweep = ingests.stream()
                .filter(ingest -> ingest.deletedBefore() > 0 && ingest.deletedAfter() < total).toList();
        assertThat(duringSweep).as("webhooks sent after deleting had begun and answered before it ended").isNotEmpty();
        try (Connection connection = DriverManager.getConnection("jdbc:sqlite:" + dataDir.resolve("hookrelay.db"))) {
            assertThat(count(connection, "SELECT count(*) FROM events WHERE id LIKE 'evt!_00%' ESCAPE '!'")).isZero();
            assertThat(count(connection, "SELECT count(*) FROM intents WHERE id LIKE 'dlv!_00%' ESCAPE '!'")).isZero();
            assertThat(count(connection, "SELECT count(*) FROM intent_attempts WHERE intent_id LIKE 'dlv!_00%' ESCAPE '!'")).isZero();
            assertThat(count(connection, "SELECT count(*) FROM idempotency_keys")).isZero();
            assertThat(count(connection, "SELECT count(*) FROM events")).as("every acknowledged webhook kept").isEqualTo(ingests.size());
            assertThat(count(connection, "SELECT count(*) FROM deliveries")).as("each with its delivery").isEqualTo(ingests.size());
            assertThat(count(connection, "SELECT count(*) FROM pragma_foreign_key_check")).isZero();
        }
        printSweepFigures(log, ingests, duringSweep);
    }

    /**
     * Posts webhooks one after the other until the history is deleted and {@link #BASELINE_INGESTS} more. The
     * count read after one answer is the count before the next webhook is sent. Only the wait for the history
     * to go has a deadline; the webhooks after it are a fixed number, each bounded by its request's timeout.
     */
    private static List<Ingest> postUntilSwept(Api api, long total, AtomicInteger acknowledged) {
        List<Ingest> ingests = new ArrayList<>();
        long deadline = System.nanoTime() + WAIT.multipliedBy(2).toNanos();
        long deleted = api.deletedTotal();
        int afterwards = 0;
        while (afterwards < BASELINE_INGESTS) {
            if (deleted < total) {
                assertThat(System.nanoTime() - deadline).as("history not deleted yet: %d of %d rows", deleted, total).isNegative();
            }
            long sent = System.nanoTime();
            ApiResponse answer = api.ingest(FailedHistory.SOURCE, Map.of());
            Duration took = Duration.ofNanos(System.nanoTime() - sent);
            long after = api.deletedTotal();
            ingests.add(new Ingest(answer.status(), took, deleted, after));
            acknowledged.incrementAndGet();
            if (deleted == total) {
                afterwards++;
            }
            deleted = after;
        }
        return ingests;
    }

    /** The sweeps that deleted the history log what they deleted and how long it took. */
    private static void printSweepFigures(String log, List<Ingest> ingests, List<Ingest> duringSweep) {
        Matcher sweep = SWEEP_LOG.matcher(log);
        long rows = 0;
        long millis = 0;
        while (sweep.find()) {
            rows += Long.parseLong(sweep.group(1)) + Long.parseLong(sweep.group(2));
            millis += Long.parseLong(sweep.group(3));
        }
        assertThat(rows).as("deletions logged in %s", log).isEqualTo(2L * HISTORY);
        List<Ingest> baseline = ingests.stream().filter(ingest -> ingest.deletedBefore() == 2L * HISTORY).toList();
        System.out.printf("[figures] retention sweep: %d failed deliveries (with %d attempt log entries) and %d events (with "
                        + "their idempotency keys) deleted in %d ms = %.0f deliveries+events/s, in batches of 500%n",
                HISTORY, HISTORY * FailedHistory.ATTEMPTS, HISTORY, millis, rows * 1000.0 / Math.max(1, millis));
        System.out.printf("[figures] ingest during that sweep (%d clients, deliveries running too): %d webhooks acknowledged, "
                        + "latency max %d ms, p99 %d ms, p50 %d ms; after it, same run: %d webhooks, max %d ms, p99 %d ms%n",
                CLIENTS, duringSweep.size(), percentile(duringSweep, 100), percentile(duringSweep, 99), percentile(duringSweep, 50),
                baseline.size(), percentile(baseline, 100), percentile(baseline, 99));
    }

    private static long percentile(List<Ingest> ingests, int percent) {
        List<Duration> sorted = ingests.stream().map(Ingest::took).sorted(Comparator.naturalOrder()).toList();
        int index = Math.max(0, (int) Math.ceil(sorted.size() * percent / 100.0) - 1);
        return sorted.get(index).toMillis();
    }

    private static long count(Connection connection, String sql) throws SQLException {
        try (Statement statement = connection.createStatement(); ResultSet result = statement.executeQuery(sql)) {
            result.next();
            return result.getLong(1);
        }
    }

    /** One webhook sent during the load: its answer, how long it took, and the deletion count around it. */
    private record Ingest(int status, Duration took, long deletedBefore, long deletedAfter) {
    }

    /**
     * A resource the test looks at again and again: when it was last seen there (as the request left), in what
     * state, and when it was first seen gone (as the answer came). It may not go before its retention has run
     * from a time the test knows it had not yet ended, {@code start}.
     */
    private static final class Watched {
        final String path;
        final Instant start;
        final Instant mayGoAt;
        final Map<String, Instant> lastSeenInState = new TreeMap<>();
        JsonNode lastBody;
        Instant firstGoneAt;

        Watched(String path, Instant start, Duration retention) {
            this.path = path;
            this.start = start;
            this.mayGoAt = start.plus(retention);
        }

        void look(Api api) {
            Instant asked = Instant.now();
            ApiResponse answer = api.get(path);
            Instant answered = Instant.now();
            if (answer.status() == 200) {
                assertThat(firstGoneAt).as("%s came back after it was gone", path).isNull();
                lastBody = answer.json();
                lastSeenInState.put(lastBody.path("state").asText(), asked);
            } else {
                assertThat(answer.error()).as("%s: %s", path, answer).isEqualTo("not_found");
                if (firstGoneAt == null) {
                    firstGoneAt = answered;
                }
            }
        }

        boolean gone() {
            return firstGoneAt != null;
        }

        Instant lastSeenIn(String state) {
            assertThat(lastSeenInState).as("states %s was seen in", path).containsKey(state);
            return lastSeenInState.get(state);
        }

        void assertNotGoneEarly() {
            if (gone()) {
                assertThat(firstGoneAt).as("%s deleted before its time", path).isAfterOrEqualTo(mayGoAt);
            }
        }

        double secondsSinceStart() {
            return Duration.between(start, firstGoneAt).toMillis() / 1000.0;
        }
    }

    /** The real jar's HTTP API, as any client sees it. */
    /** The API of the server under test, with the few steps these tests take through it. */
    private static final class Api {
        private final ApiClient client;

        Api(int port, String token) {
            this.client = new ApiClient(URI.create("http://127.0.0.1:" + port), Optional.of(token));
        }

        ApiResponse get(String path) {
            return client.get(path);
        }

        /** A POST without a body, as the actions (pause, resume, …) take. */
        ApiResponse post(String path) {
            return client.post(path);
        }

        ApiResponse post(String path, String json) {
            return client.post(path, json);
        }

        void route(String source, String target) {
            post("/api/v1/routes", Json.write(Map.of("source", source, "target", target))).expect(201);
        }

        ApiResponse ingest(String source, Map<String, String> headers) {
            return client.ingest(source, "application/json",
                    "{\"type\":\"order.created\",\"total\":42}".getBytes(StandardCharsets.UTF_8), headers);
        }

        String accept(String source, Map<String, String> headers) {
            return ingest(source, headers).expect(202).path("event_id").asText();
        }

        String deliveryOf(String eventId, String targetId) {
            JsonNode deliveries = get("/api/v1/deliveries?event=" + eventId + "&target=" + targetId).expect(200).path("data");
            assertThat(deliveries).hasSize(1);
            return deliveries.get(0).path("id").asText();
        }

        String metrics() {
            ApiResponse answer = client.withToken(Optional.empty()).get("/metrics");
            assertThat(answer.status()).isEqualTo(200);
            return answer.body();
        }

        Map<String, Long> deleted() {
            Matcher counter = DELETED.matcher(metrics());
            Map<String, Long> byWhat = new TreeMap<>();
            while (counter.find()) {
                byWhat.put(counter.group(1), (long) Double.parseDouble(counter.group(2)));
            }
            return byWhat;
        }

        long deletedTotal() {
            return deleted().values().stream().mapToLong(Long::longValue).sum();
        }
    }

    /** A receiver of its own, outliving nothing: the server under test is a child process. */
    private static Receiver answering(int status) {
        Receiver receiver = Receiver.start();
        receiver.answerOtherwise(Receiver.Answer.status(status));
        return receiver;
    }
}
