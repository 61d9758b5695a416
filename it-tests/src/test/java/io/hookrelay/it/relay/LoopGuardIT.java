package io.hookrelay.it.relay;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.hookrelay.it.support.ApiClient;
import io.hookrelay.it.support.HookrelayProcess;
import io.hookrelay.it.support.NewTarget;
import io.hookrelay.it.support.RelayServer;
import io.hookrelay.queue.testing.Await;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * DESIGN §4 "Loop guard": a delivery that comes back into the relay that sent it is answered
 * {@code 508 loop_detected} at its first return and stores nothing, whatever the source's idempotency settings
 * and however many routes fan it out, in the jar as an operator runs it; through two relays, at the first that
 * sees it again. The looping deliveries retry only after an hour, so each is refused once within the test and
 * what is counted afterwards is final.
 */
class LoopGuardIT {
    private static final int FAN_OUT = 5;

    @Test
    void aWebhookFannedOutBackIntoTheSameRelayMakesNoSecondEvent(@TempDir Path dataDir) throws Exception {
        try (HookrelayProcess process = HookrelayProcess.serve(dataDir)) {
            URI relay = URI.create("http://127.0.0.1:" + process.awaitPort());
            ApiClient api = new ApiClient(relay, Optional.of(HookrelayProcess.adminTokenOf(dataDir)));
            api.post("/api/v1/sources", "{\"id\":\"loop\"}").expect(201);
            for (int i = 0; i < FAN_OUT; i++) {
                NewTarget back = NewTarget.at("back-" + i, relay + "/hooks/loop").retrySchedule(3600);
                api.post("/api/v1/targets", back.json()).expect(201);
                api.post("/api/v1/routes", "{\"source\":\"loop\",\"target\":\"back-" + i + "\"}").expect(201);
            }

            api.ingest("loop", "application/json", "{\"type\":\"order.created\"}".getBytes(StandardCharsets.UTF_8), Map.of()).expect(202);

            Await.until(FAN_OUT + " deliveries answered 508 loop_detected", RelayServer.WAIT,
                    () -> api.get("/metrics").body().contains(loopsDetected(FAN_OUT)));
            assertThat(api.get("/api/v1/events").json().path("data")).as("the one webhook's event, and no other").hasSize(1);
        }
    }

    @Test
    void twoRelaysPointingAtEachOtherStopWhenTheWebhookReturnsToTheFirst(@TempDir Path first, @TempDir Path second) throws Exception {
        try (RelayServer a = RelayServer.start(first); RelayServer b = RelayServer.start(second)) {
            a.createPlainSource("from-b");
            b.createPlainSource("from-a");
            a.createRoutedTarget("from-b", backInto(b, "from-a", "to-b"));
            b.createRoutedTarget("from-a", backInto(a, "from-b", "to-a"));

            a.accept("from-b", "{\"type\":\"order.created\"}");

            // A (from outside) -> B (marked by A) -> A refuses what it marked.
            Await.until("a delivery answered 508 loop_detected", RelayServer.WAIT, () -> a.metrics().contains(loopsDetected(1)));
            assertThat(a.events()).hasSize(1);
            assertThat(b.events()).hasSize(1);
            assertThat(relaysStoredWith(b, b.events().get(0))).as("the marks B's event arrived with: A's alone").matches("[\\w-]{22}");
            assertThat(b.metrics()).doesNotContain("outcome=\"loop_detected\"} 1.0");
        }
    }

    private static String loopsDetected(int count) {
        return "relay_ingest_total{outcome=\"loop_detected\"} " + count + ".0";
    }

    /** A target at {@code relay}'s own ingest endpoint for {@code sourceId}, retried only after an hour. */
    private static NewTarget backInto(RelayServer relay, String sourceId, String targetId) {
        return NewTarget.at(targetId, relay.baseUri() + "/hooks/" + sourceId).retrySchedule(3600);
    }

    private static String relaysStoredWith(RelayServer relay, JsonNode event) {
        return relay.api().get("/api/v1/events/" + event.path("id").asText()).expect(200).path("headers").path("x-hookrelay-relay").asText();
    }
}
