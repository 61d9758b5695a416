package io.hookrelay.it.relay;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.hookrelay.it.support.NewTarget;
import io.hookrelay.it.support.RelayServer;
import io.hookrelay.queue.testing.Await;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * DESIGN §4 "Loop guard": a target pointing back into a relay, directly or through a second relay, stops after
 * the default {@code --max-hops} of 3 events: the delivery that would make a fourth is answered
 * {@code 508 loop_detected}, stores nothing and is counted. The looping deliveries retry only after an hour, so
 * the 508 is answered once within the test and what is counted afterwards is final.
 */
class LoopGuardIT {
    private static final int MAX_HOPS = 3;
    private static final String LOOP_DETECTED = "relay_ingest_total{outcome=\"loop_detected\"} 1.0";

    @Test
    void aTargetPointingBackIntoTheSameRelayStopsAfterMaxHopsEvents(@TempDir Path dataDir) throws Exception {
        try (RelayServer relay = RelayServer.start(dataDir)) {
            relay.createPlainSource("loop");
            relay.createRoutedTarget("loop", backInto(relay, "loop", "self"));

            relay.accept("loop", "{\"type\":\"order.created\"}");

            awaitRefusedAsLoop(relay);
            List<JsonNode> events = relay.events();
            assertThat(events).as("exactly max-hops events, then nothing").hasSize(MAX_HOPS);
            assertThat(events.stream().map(event -> hopsStoredWith(relay, event)))
                    .as("the hop counts each event arrived with").containsExactlyInAnyOrder(Optional.empty(), Optional.of("1"), Optional.of("2"));
            assertThat(relay.metrics()).contains(LOOP_DETECTED);
        }
    }

    @Test
    void twoRelaysPointingAtEachOtherStopAfterMaxHopsEventsBetweenThem(@TempDir Path first, @TempDir Path second) throws Exception {
        try (RelayServer a = RelayServer.start(first); RelayServer b = RelayServer.start(second)) {
            a.createPlainSource("from-b");
            b.createPlainSource("from-a");
            a.createRoutedTarget("from-b", backInto(b, "from-a", "to-b"));
            b.createRoutedTarget("from-a", backInto(a, "from-b", "to-a"));

            a.accept("from-b", "{\"type\":\"order.created\"}");

            // A (from outside) -> B (1 hop) -> A (2 hops) -> B refuses the third hop.
            awaitRefusedAsLoop(b);
            assertThat(a.events()).hasSize(2);
            assertThat(b.events()).hasSize(1);
            assertThat(a.events().size() + b.events().size()).isEqualTo(MAX_HOPS);
            assertThat(b.metrics()).contains(LOOP_DETECTED);
            assertThat(a.metrics()).doesNotContain(LOOP_DETECTED);
        }
    }

    /** A target at {@code relay}'s own ingest endpoint for {@code sourceId}, retried only after an hour. */
    private static NewTarget backInto(RelayServer relay, String sourceId, String targetId) {
        return NewTarget.at(targetId, relay.baseUri() + "/hooks/" + sourceId).retrySchedule(3600);
    }

    /** Waits until {@code relay} has refused a delivery as a loop: the last link of the chain, so every event is stored by then. */
    private static void awaitRefusedAsLoop(RelayServer relay) throws InterruptedException {
        Await.until("a delivery answered 508 loop_detected", RelayServer.WAIT, () -> relay.metrics().contains(LOOP_DETECTED));
    }

    private static Optional<String> hopsStoredWith(RelayServer relay, JsonNode event) {
        JsonNode headers = relay.api().get("/api/v1/events/" + event.path("id").asText()).expect(200).path("headers");
        return Optional.ofNullable(headers.get("x-hookrelay-hops")).map(JsonNode::asText);
    }
}
