package io.hookrelay.it.relay;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.it.support.NewTarget;
import io.hookrelay.it.support.Receiver.Answer;
import io.hookrelay.it.support.Receiver;
import io.hookrelay.it.support.RelayServer;
import io.hookrelay.queue.testing.Await;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code /metrics} counts what the relay did (DESIGN §7), and nothing in it identifies an event, a receiver
 * or a secret: labels are a fixed vocabulary, never request data.
 */
class RelayMetricsIT {
    private static final String ACCEPTED = "relay_ingest_total{outcome=\"accepted\"}";
    private static final String SUCCESS = "relay_delivery_attempts_total{outcome=\"success\"}";
    private static final String SERVER_ERROR = "relay_delivery_attempts_total{outcome=\"http_5xx\"}";
    private static final String LAG_COUNT = "relay_delivery_lag_seconds_count";
    private static final String WORK_SUCCESS = "relay_work_attempts_total{kind=\"delivery\",outcome=\"success\"}";
    private static final String WORK_ERROR = "relay_work_attempts_total{kind=\"delivery\",outcome=\"error\"}";

    @AutoClose
    private RelayServer relay;
    private Receiver receiver;
    private String secret;

    @BeforeEach
    void routeShopToErp(@TempDir Path dataDir) {
        relay = RelayServer.start(dataDir);
        receiver = relay.startReceiver();
        relay.createPlainSource("shop");
        secret = relay.createRoutedTarget("shop", NewTarget.to("erp", receiver).retrySchedule(0));
    }

    @Test
    void aFailedThenSuccessfulDeliveryIsCountedWithoutIdentifyingAnything() throws Exception {
        receiver.answerNext(Answer.status(500).withBody("try again"));
        Map<String, Double> before = series(relay.metrics());

        String eventId = relay.accept("shop", "{\"type\":\"order.created\"}");
        String deliveryId = relay.onlyDeliveryOf(eventId);
        relay.awaitDelivery(deliveryId, "completed");

        List<String> counted = List.of(ACCEPTED, SUCCESS, SERVER_ERROR, LAG_COUNT, WORK_SUCCESS, WORK_ERROR);
        Await.until("every series counted the delivery", RelayServer.WAIT, () -> {
            Map<String, Double> now = series(relay.metrics());
            return counted.stream().allMatch(name -> now.getOrDefault(name, 0.0) > before.getOrDefault(name, 0.0));
        });
        String text = relay.metrics();
        assertThat(text).doesNotContain(eventId, deliveryId, receiver.url(), URI.create(receiver.url()).getAuthority(),
                secret, secret.substring("whsec_".length()), RelayServer.ADMIN_TOKEN);
    }

    @Test
    void everyIngestOutcomeIsCountedOnce() {
        relay.createSource("{\"id\":\"small\",\"max_body_bytes\":10}");
        relay.createSource("{\"id\":\"signed\",\"verify\":{\"scheme\":\"hmac-sha256\",\"secret\":\"s3cret\"}}");
        relay.createSource("{\"id\":\"keyed\",\"idempotency_header\":\"Idempotency-Key\"}");
        Map<String, Double> before = series(relay.metrics());
        byte[] body = "{}".getBytes(StandardCharsets.UTF_8);

        relay.api().ingest("nosuch", "application/json", body, Map.of()).expect(404);
        relay.api().ingest("small", "application/json", "{\"padding\":\"0123456789\"}".getBytes(StandardCharsets.UTF_8), Map.of())
                .expect(413);
        relay.api().ingest("signed", "application/json", body, Map.of()).expect(401);
        relay.api().ingest("shop", "application/json", body, Map.of("X-Hookrelay-Hops", "3")).expect(508);
        relay.api().ingest("keyed", "application/json", body, Map.of("Idempotency-Key", "k1")).expect(202);
        relay.api().ingest("keyed", "application/json", body, Map.of("Idempotency-Key", "k1")).expect(200);

        Map<String, Double> after = series(relay.metrics());
        for (String outcome : List.of("unknown_source", "payload_too_large", "invalid_signature", "loop_detected", "accepted",
                "duplicate")) {
            String name = "relay_ingest_total{outcome=\"" + outcome + "\"}";
            assertThat(after.getOrDefault(name, 0.0) - before.getOrDefault(name, 0.0)).as(name).isEqualTo(1.0);
        }
    }

    /** Each sample line's series (name and labels, exactly as written) and its value. */
    private static Map<String, Double> series(String exposition) {
        Map<String, Double> values = new HashMap<>();
        for (String line : exposition.split("\n")) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            int valueStart = line.lastIndexOf(' ');
            values.put(line.substring(0, valueStart).replace(",}", "}"), Double.parseDouble(line.substring(valueStart + 1)));
        }
        return values;
    }
}
