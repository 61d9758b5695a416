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
import java.time.temporal.ChronoUnit;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * After a receiver's outage has outlasted its schedule, an operator sends everything that failed again with
 * one bulk retry, narrowed to the target that was down.
 */
class BulkRetryIT {
    private static final int EVENTS = 3;

    @AutoClose
    private RelayServer relay;
    private Receiver erp;
    private Receiver archive;

    @BeforeEach
    void routeShopToErpAndArchive(@TempDir Path dataDir) {
        relay = RelayServer.start(dataDir);
        erp = relay.startReceiver();
        archive = relay.startReceiver();
        relay.createPlainSource("shop");
        relay.createRoutedTarget("shop", NewTarget.to("erp", erp).retrySchedule(0));
        relay.createRoutedTarget("shop", NewTarget.to("archive", archive).retrySchedule(0));
    }

    @Test
    void bulkRetryOfOneTargetsFailedDeliveriesDeliversThemAll() throws Exception {
        erp.answerOtherwise(Answer.status(500));
        archive.answerOtherwise(Answer.status(500));
        for (int i = 0; i < EVENTS; i++) {
            relay.accept("shop", "{\"type\":\"order.created\",\"n\":" + i + "}");
        }
        relay.awaitDeliveriesToTarget("erp", EVENTS, "failed");
        relay.awaitDeliveriesToTarget("archive", EVENTS, "failed");
        erp.answerOtherwise(Answer.status(200));
        archive.answerOtherwise(Answer.status(200));

        String future = Instant.now().plus(Duration.ofHours(1)).truncatedTo(ChronoUnit.SECONDS).toString();
        JsonNode none = relay.api().post("/api/v1/deliveries/retry",
                "{\"state\":\"failed\",\"target\":\"erp\",\"since\":\"" + future + "\"}").expect(200);
        assertThat(none.path("retried").asInt()).isZero();
        assertThat(relay.deliveriesToTarget("erp"))
                .allSatisfy(delivery -> assertThat(delivery.path("state").asText()).isEqualTo("failed"));

        JsonNode retried = relay.api().post("/api/v1/deliveries/retry", "{\"state\":\"failed\",\"target\":\"erp\"}").expect(200);
        assertThat(retried.path("retried").asInt()).isEqualTo(EVENTS);

        assertThat(relay.awaitDeliveriesToTarget("erp", EVENTS, "completed"))
                .as("a retried delivery keeps counting its attempts")
                .allSatisfy(delivery -> assertThat(delivery.path("attempts").asInt()).isEqualTo(3));
        assertThat(erp.requests()).hasSize(EVENTS * 3);
        assertThat(relay.deliveriesToTarget("archive")).as("another target's failures are left alone")
                .allSatisfy(delivery -> {
                    assertThat(delivery.path("state").asText()).isEqualTo("failed");
                    assertThat(delivery.path("attempts").asInt()).isEqualTo(2);
                });
    }
}
