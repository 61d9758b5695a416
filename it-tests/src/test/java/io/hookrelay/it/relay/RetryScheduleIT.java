package io.hookrelay.it.relay;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.hookrelay.it.support.NewTarget;
import io.hookrelay.it.support.Receiver.Answer;
import io.hookrelay.it.support.Receiver;
import io.hookrelay.it.support.RelayServer;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A receiver that fails is tried again on its target's schedule, and the attempt log says what happened
 * each time; when the schedule runs out, the delivery is {@code failed}.
 */
class RetryScheduleIT {
    /** A one-second wait minus the schedule's 20% jitter, less a few milliseconds for times kept in whole ms. */
    private static final Duration SHORTEST_JITTERED_SECOND = Duration.ofMillis(790);

    @AutoClose
    private RelayServer relay;
    private Receiver receiver;

    @BeforeEach
    void startRelayWithAShopSource(@TempDir Path dataDir) {
        relay = RelayServer.start(dataDir);
        receiver = relay.startReceiver();
        relay.createPlainSource("shop");
    }

    @Test
    void aServerErrorIsRetriedAfterTheScheduledWaitAndTheLogShowsBothAttempts() throws Exception {
        relay.createRoutedTarget("shop", NewTarget.to("warehouse", receiver).retrySchedule(1));
        receiver.answerNext(Answer.status(500).withBody("database is down"));

        String eventId = relay.accept("shop", "{\"type\":\"order.created\"}");
        JsonNode delivery = relay.awaitDelivery(relay.onlyDeliveryOf(eventId), "completed");

        assertThat(delivery.path("attempts").asInt()).isEqualTo(2);
        JsonNode log = delivery.path("attempt_log");
        assertThat(log).hasSize(2);
        assertThat(log.get(0).path("attempt").asInt()).isEqualTo(1);
        assertThat(Instant.parse(log.get(0).path("started_at").asText()))
                .isBefore(Instant.parse(log.get(1).path("started_at").asText()));
        assertThat(log.get(0).path("status_code").asInt()).isEqualTo(500);
        assertThat(log.get(0).path("error").asText()).startsWith("http_5xx");
        assertThat(log.get(0).path("response_excerpt").asText()).isEqualTo("database is down");
        assertThat(log.get(1).path("attempt").asInt()).isEqualTo(2);
        assertThat(log.get(1).path("status_code").asInt()).isEqualTo(200);
        assertThat(log.get(1).path("error").isNull()).isTrue();

        List<Receiver.Request> requests = receiver.requests();
        assertThat(requests).hasSize(2);
        assertThat(requests.get(1).arrivedAfter(requests.get(0))).isGreaterThanOrEqualTo(SHORTEST_JITTERED_SECOND);
        assertThat(requests.get(0).header("x-hookrelay-attempt")).hasValue("1");
        assertThat(requests.get(1).header("x-hookrelay-attempt")).hasValue("2");
        assertThat(requests.get(1).header("webhook-id")).hasValue(eventId);
    }

    @Test
    void aDeliveryFailsWhenItsScheduleRunsOut() throws Exception {
        relay.createRoutedTarget("shop", NewTarget.to("warehouse", receiver).retrySchedule(0));
        receiver.answerOtherwise(Answer.status(500));

        String eventId = relay.accept("shop", "{\"type\":\"order.created\"}");
        JsonNode delivery = relay.awaitDelivery(relay.onlyDeliveryOf(eventId), "failed");

        assertThat(delivery.path("attempts").asInt()).isEqualTo(2);
        assertThat(delivery.path("last_error").asText()).contains("http_5xx: receiver answered 500");
        assertThat(delivery.path("attempt_log")).hasSize(2).allSatisfy(attempt -> {
            assertThat(attempt.path("status_code").asInt()).isEqualTo(500);
            assertThat(attempt.path("error").asText()).startsWith("http_5xx");
        });
        assertThat(receiver.requests()).hasSize(2);
    }
}
