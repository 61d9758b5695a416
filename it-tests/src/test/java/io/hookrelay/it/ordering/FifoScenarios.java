package io.hookrelay.it.ordering;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.hookrelay.it.support.ApiClient;
import io.hookrelay.it.support.NewTarget;
import io.hookrelay.it.support.Receiver;
import io.hookrelay.it.support.RelayServer;
import io.hookrelay.queue.testing.Await;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ordered delivery at real receivers, on each backend: a {@code fifo} target gets its events one at a time in the
 * order they were ingested, through retries and through a SIGKILL of the server mid-sequence. A delivery that keeps
 * failing holds back its own target only, and the API and a metric show which delivery it is. Ingest waits for each
 * answer before it sends the next event, so the ingest order is the order the events were acknowledged in.
 */
abstract class FifoScenarios {
    static final String TOKEN = "it-fifo-admin-token-0123456789abcdef";
    private static final Integer[] ONE_SECOND_RETRIES = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
    private static final Duration PATIENCE = Duration.ofSeconds(30);
    /** The lease a killed PostgreSQL node's claim runs out on, and the restart and the rest of the line after it. */
    private static final Duration PATIENCE_AFTER_A_KILL = Duration.ofSeconds(90);

    /** The server, in this JVM. */
    abstract RelayServer startServer(Path dataDir) throws Exception;

    /** The server as a child process, with {@link #TOKEN} as its admin token. */
    abstract KillableRelay startProcess(Path dataDir) throws Exception;

    /** A server in a child process, to be killed with SIGKILL and started again on the same database. */
    interface KillableRelay extends AutoCloseable {
        ApiClient api();

        /** SIGKILL, then a new process on the same database; returns once it listens. */
        void killAndRestart() throws Exception;

        @Override
        void close();
    }

    @Test
    void aFailingDeliveryHoldsBackOnlyItsOwnTargetAndTheLineGoesOnInOrderOnceItSucceeds(@TempDir Path dataDir)
            throws Exception {
        try (RelayServer relay = startServer(dataDir)) {
            Receiver ordered = relay.startReceiver();
            Receiver unordered = relay.startReceiver();
            ordered.delayAnswers(Duration.ofMillis(50));
            relay.createPlainSource("shop");
            relay.createRoutedTarget("shop", NewTarget.to("ledger", ordered).fifo().retrySchedule(ONE_SECOND_RETRIES));
            relay.createRoutedTarget("shop", NewTarget.to("search", unordered).retrySchedule(ONE_SECOND_RETRIES));
            assertThat(relay.target("ledger").path("ordering").asText()).isEqualTo("fifo");
            AtomicBoolean refusing = new AtomicBoolean(true);
            List<String> events = new CopyOnWriteArrayList<>();
            ordered.answerBy(request -> Receiver.Answer.status(refusing.get() && isOf(request, events, 2) ? 500 : 200));

            for (int i = 0; i < 6; i++) {
                events.add(relay.accept("shop", "{\"type\":\"order.placed\",\"n\":" + i + "}"));
            }
            String stuck = relay.deliveryOf(events.get(2), "ledger");

            assertThat(eventIdsOf(unordered.awaitRequests(6))).as("the other target's deliveries").containsExactlyInAnyOrderElementsOf(events);
            Await.until("the ledger target blocked by " + stuck, PATIENCE,
                    () -> stuck.equals(relay.target("ledger").path("blocked_by").path("delivery_id").asText())
                            && ordered.requestCount() >= 4);
            JsonNode blockedBy = relay.target("ledger").path("blocked_by");
            assertThat(blockedBy.path("event_id").asText()).isEqualTo(events.get(2));
            assertThat(blockedBy.path("attempts").asInt()).isGreaterThanOrEqualTo(1);
            assertThat(blockedBy.path("last_error").asText()).contains("500");
            assertThat(relay.target("search").path("blocked_by").isNull()).isTrue();
            assertThat(Set.copyOf(eventIdsOf(ordered.requests()))).as("what the ledger got while blocked")
                    .isEqualTo(Set.copyOf(events.subList(0, 3)));
            Await.until("the blocked lane counted", PATIENCE,
                    () -> relay.metrics().contains("relay_work_fifo_blocked{kind=\"delivery\"} 1.0"));

            refusing.set(false);
            Await.until("every event at the ledger", PATIENCE,
                    () -> Set.copyOf(eventIdsOf(ordered.requests())).size() == events.size());
            assertInIngestOrder(eventIdsOf(ordered.requests()), events);
            assertThat(ordered.mostUnansweredAtOnce()).as("deliveries to the ledger in flight at once").isEqualTo(1);
            Await.until("the ledger no longer blocked", PATIENCE, () -> relay.target("ledger").path("blocked_by").isNull()
                    && relay.metrics().contains("relay_work_fifo_blocked{kind=\"delivery\"} 0.0"));
            System.out.printf("[figures] %s arrivals at the fifo target=%d for %d events%n", getClass().getSimpleName(),
                    ordered.requestCount(), events.size());
        }
    }

    @Test
    void theOrderHoldsThroughRetriesAndASigkillMidSequence(@TempDir Path dataDir) throws Exception {
        int count = 24;
        try (Receiver receiver = Receiver.start(); KillableRelay relay = startProcess(dataDir)) {
            receiver.delayAnswers(Duration.ofMillis(150));
            List<String> events = new CopyOnWriteArrayList<>();
            receiver.answerBy(request -> Receiver.Answer.status(firstAttemptOfEvent(request, events, 5) ? 500 : 200));
            relay.api().post("/api/v1/sources", "{\"id\":\"shop\"}").expect(201);
            relay.api().post("/api/v1/targets", "{\"id\":\"ledger\",\"url\":\"" + receiver.url()
                    + "\",\"ordering\":\"fifo\",\"retry_schedule_s\":[1,1,1,1,1,1,1,1,1,1]}").expect(201);
            relay.api().post("/api/v1/routes", "{\"source\":\"shop\",\"target\":\"ledger\"}").expect(201);
            for (int i = 0; i < count; i++) {
                events.add(relay.api().ingest("shop", "application/json", ("{\"n\":" + i + "}").getBytes(StandardCharsets.UTF_8),
                        Map.of()).expect(202).path("event_id").asText());
            }

            Await.until("8 deliveries before the kill", PATIENCE, () -> receiver.requestCount() >= 8);
            int beforeTheKill = receiver.requestCount();
            relay.killAndRestart();
            Await.until("every event at the receiver after the restart", PATIENCE_AFTER_A_KILL,
                    () -> Set.copyOf(eventIdsOf(receiver.requests())).size() == count);

            List<String> arrivals = eventIdsOf(receiver.requests());
            assertInIngestOrder(arrivals, events);
            assertThat(arrivals.stream().filter(events.get(5)::equals).count()).as("the retried event's arrivals")
                    .isGreaterThanOrEqualTo(2);
            System.out.printf("[figures] %s arrivals=%d for %d events, %d before the kill%n", getClass().getSimpleName(),
                    arrivals.size(), count, beforeTheKill);
        }
    }

    @Test
    void anOrderingTheApiDoesNotKnowIsRefusedAndChangesNothing(@TempDir Path dataDir) throws Exception {
        try (RelayServer relay = startServer(dataDir)) {
            Receiver receiver = relay.startReceiver();
            ApiClient api = relay.api();
            assertThat(api.post("/api/v1/targets", "{\"id\":\"ledger\",\"url\":\"" + receiver.url() + "\",\"ordering\":\"lifo\"}")
                    .expect(400).path("message").asText()).isEqualTo("ordering must be none or fifo");
            assertThat(api.get("/api/v1/targets/ledger").status()).isEqualTo(404);

            relay.createTarget(NewTarget.to("ledger", receiver));
            for (String bad : List.of("\"FIFO\"", "1", "null,\"ordering\":\"fifo\"", "[\"fifo\"]")) {
                int status = api.put("/api/v1/targets/ledger", "{\"url\":\"" + receiver.url() + "\",\"ordering\":" + bad + "}")
                        .status();
                assertThat(status).as("ordering %s", bad).isEqualTo(400);
            }
            assertThat(relay.target("ledger").path("ordering").asText()).isEqualTo("none");

            api.put("/api/v1/targets/ledger", "{\"url\":\"" + receiver.url() + "\",\"ordering\":\"fifo\"}").expect(200);
            assertThat(relay.target("ledger").path("ordering").asText()).isEqualTo("fifo");
        }
    }

    /** Whether {@code request} is the first attempt at the {@code index}th event of {@code events}. */
    private static boolean firstAttemptOfEvent(Receiver.Request request, List<String> events, int index) {
        return isOf(request, events, index) && "1".equals(request.header("x-hookrelay-attempt").orElse(""));
    }

    /** Whether {@code request} delivers the {@code index}th event of {@code events}, which the ingest may not have reached. */
    private static boolean isOf(Receiver.Request request, List<String> events, int index) {
        return events.size() > index && request.header("webhook-id").orElse("").equals(events.get(index));
    }

    /**
     * Each arrival is of the event ingested after the one before it, or of the same event again (a retry, or an attempt
     * a kill cut off and the restart sent again): never of an earlier one, and none is left out.
     */
    private static void assertInIngestOrder(List<String> arrivals, List<String> ingested) {
        List<Integer> positions = arrivals.stream().map(ingested::indexOf).toList();
        assertThat(positions).as("ingest positions of the arrivals").doesNotContain(-1).isSorted();
        assertThat(positions.stream().distinct().collect(Collectors.toList()))
                .isEqualTo(IntStream.range(0, ingested.size()).boxed().toList());
    }

    private static List<String> eventIdsOf(List<Receiver.Request> requests) {
        return requests.stream().map(request -> request.header("webhook-id").orElseThrow()).toList();
    }
}
