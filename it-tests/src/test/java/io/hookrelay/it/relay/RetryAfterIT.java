package io.hookrelay.it.relay;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.hookrelay.it.support.NewTarget;
import io.hookrelay.it.support.Receiver.Answer;
import io.hookrelay.it.support.Receiver;
import io.hookrelay.it.support.RelayServer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A receiver that answers 429 with {@code Retry-After} is not asked again sooner than it said, whatever the schedule. */
class RetryAfterIT {
    /** Two seconds, less a few milliseconds for times kept in whole milliseconds. */
    private static final Duration RETRY_AFTER_TWO_SECONDS = Duration.ofMillis(1_990);

    @AutoClose
    private RelayServer relay;
    private Receiver receiver;

    @BeforeEach
    void routeShopToSearch(@TempDir Path dataDir) {
        relay = RelayServer.start(dataDir);
        receiver = relay.startReceiver();
        relay.createPlainSource("shop");
        relay.createRoutedTarget("shop", NewTarget.to("search", receiver).retrySchedule(0));
    }

    @Test
    void tooManyRequestsWithRetryAfterPostponesTheImmediateRetry() throws Exception {
        receiver.answerNext(Answer.status(429).withHeader("Retry-After", "2"));

        String eventId = relay.accept("shop", "{\"type\":\"product.updated\"}");
        JsonNode delivery = relay.awaitDelivery(relay.onlyDeliveryOf(eventId), "completed");

        List<Receiver.Request> requests = receiver.requests();
        assertThat(requests).hasSize(2);
        assertThat(requests.get(1).arrivedAfter(requests.get(0))).isGreaterThanOrEqualTo(RETRY_AFTER_TWO_SECONDS);
        assertThat(delivery.path("attempts").asInt()).isEqualTo(2);
        JsonNode first = delivery.path("attempt_log").get(0);
        assertThat(first.path("status_code").asInt()).isEqualTo(429);
        assertThat(first.path("error").asText()).startsWith("http_4xx");
    }
}
