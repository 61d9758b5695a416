package io.hookrelay.it.faults;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.hookrelay.it.support.NewTarget;
import io.hookrelay.it.support.Receiver.Answer;
import io.hookrelay.it.support.Receiver;
import io.hookrelay.it.support.RelayServer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A receiver that answers 500 to everything while many deliveries are due: each runs its target's schedule out
 * and fails. None is lost (the receiver saw every event on every attempt) and nothing is extra (no attempt
 * beyond the schedule, no attempt sent twice), and the attempts counted match the attempts made.
 */
class ServerErrorStormIT {
    private static final int EVENTS = 40;
    private static final List<Integer> SCHEDULE = List.of(0, 1);
    private static final int ATTEMPTS = SCHEDULE.size() + 1;
    /** Out of the storm's reach: pausing a failing target is {@code AutoPauseIT}'s subject, running a schedule out is this one's. */
    private static final int AUTO_PAUSE_AFTER = EVENTS * ATTEMPTS + 1;

    @AutoClose
    private RelayServer relay;
    private Receiver receiver;

    @BeforeEach
    void routeShopToAFailingErp(@TempDir Path dataDir) {
        relay = RelayServer.start(dataDir, RelayServer.WORKERS, AUTO_PAUSE_AFTER);
        receiver = relay.startReceiver();
        receiver.answerOtherwise(Answer.status(500).withBody("overloaded"));
        relay.createPlainSource("shop");
        relay.createRoutedTarget("shop", NewTarget.to("erp", receiver).retrySchedule(SCHEDULE.toArray(Integer[]::new)));
    }

    @Test
    void everyDeliveryRunsItsScheduleOutAndFailsWithNothingLostOrExtra() throws Exception {
        long started = System.nanoTime();
        List<String> eventIds = List.copyOf(Concurrently.map(IntStream.range(0, EVENTS).boxed().toList(),
                n -> relay.accept("shop", "{\"type\":\"order.created\",\"n\":" + n + "}")).values());
        Duration ingestTook = Duration.ofNanos(System.nanoTime() - started);

        // The receiver's count first: waiting on it costs nothing, where asking the API all along would take
        // the CPU the relay's work needs on a small machine.
        receiver.awaitRequests(EVENTS * ATTEMPTS);
        List<JsonNode> failed = relay.awaitDeliveriesToTarget("erp", EVENTS, "failed");
        Duration stormTook = Duration.ofNanos(System.nanoTime() - started);

        for (JsonNode summary : failed) {
            JsonNode delivery = relay.delivery(summary.path("id").asText());
            assertThat(delivery.path("attempts").asInt()).isEqualTo(ATTEMPTS);
            assertThat(delivery.path("last_error").asText()).isEqualTo("http_5xx: receiver answered 500 (gave up after " + ATTEMPTS + " attempts)");
            assertThat(AttemptLog.of(delivery)).allSatisfy(attempt -> {
                assertThat(attempt.statusCode()).contains(500);
                assertThat(attempt.excerpt()).isEqualTo("overloaded");
            });
            AttemptLog.assertNoRetryEarly(delivery, SCHEDULE);
        }
        List<Receiver.Request> requests = receiver.requests();
        Map<String, Long> sendsPerAttempt = requests.stream().collect(Collectors.groupingBy(
                request -> request.header("webhook-id").orElseThrow() + " #" + request.header("x-hookrelay-attempt").orElseThrow(),
                Collectors.counting()));
        Set<String> everyAttempt = eventIds.stream()
                .flatMap(eventId -> IntStream.rangeClosed(1, ATTEMPTS).mapToObj(attempt -> eventId + " #" + attempt))
                .collect(Collectors.toSet());
        assertThat(sendsPerAttempt.keySet()).as("(event, attempt) pairs the receiver saw").isEqualTo(everyAttempt);
        assertThat(sendsPerAttempt.values()).as("sends of each (event, attempt)").containsOnly(1L);
        assertThat(requests).hasSize(EVENTS * ATTEMPTS);
        Map<String, Long> counted = AttemptCounts.byOutcome(relay.metrics());
        assertThat(counted).containsEntry("http_5xx", (long) EVENTS * ATTEMPTS).containsEntry("success", 0L);
        System.out.printf("[figures] 5xx storm: %d events, %d attempts each, %d requests at the receiver, all failed after %s (ingest %s)%n",
                EVENTS, ATTEMPTS, requests.size(), stormTook, ingestTook);
    }
}
