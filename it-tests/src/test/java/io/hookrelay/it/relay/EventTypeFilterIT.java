package io.hookrelay.it.relay;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.it.relay.RelayServer.NewTarget;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Routes filter by event type, exactly ({@code push}) or by prefix ({@code issues.*}, which does not match
 * {@code issues} itself); a route without filters takes everything.
 */
class EventTypeFilterIT {
    @TempDir
    Path dataDir;

    private RelayServer relay;
    private Receiver pushes;
    private Receiver issues;
    private Receiver everything;

    @BeforeEach
    void startRelayAndReceivers() throws Exception {
        relay = RelayServer.start(dataDir);
        pushes = Receiver.start();
        issues = Receiver.start();
        everything = Receiver.start();
        relay.createSource("{\"id\":\"github\",\"event_type\":{\"header\":\"X-GitHub-Event\"}}");
        relay.createTarget(NewTarget.to("pushes", pushes));
        relay.createTarget(NewTarget.to("issues", issues));
        relay.createTarget(NewTarget.to("everything", everything));
        relay.createRoute("github", "pushes", "push");
        relay.createRoute("github", "issues", "issues.*");
        relay.createRoute("github", "everything");
    }

    @AfterEach
    void stop() {
        relay.close();
        pushes.close();
        issues.close();
        everything.close();
    }

    @Test
    void eachEventGoesOnlyWhereAFilterMatchesIt() throws Exception {
        Map<String, Integer> deliveriesByType = Map.of("push", 2, "issues.opened", 2, "issues", 1, "pull_request", 1);
        List<String> types = List.of("push", "issues.opened", "issues", "pull_request");
        for (String type : types) {
            ApiResponse accepted = relay.ingest("github", ("{\"action\":\"" + type + "\"}").getBytes(StandardCharsets.UTF_8),
                    Map.of("content-type", "application/json", "X-GitHub-Event", type));
            assertThat(RelayServer.expect(202, accepted).path("deliveries").asInt()).as("deliveries of %s", type)
                    .isEqualTo(deliveriesByType.get(type));
        }

        assertThat(eventTypes(everything.awaitRequests(types.size()))).containsExactlyInAnyOrderElementsOf(types);
        assertThat(eventTypes(pushes.awaitRequests(1))).containsExactly("push");
        assertThat(eventTypes(issues.awaitRequests(1))).containsExactly("issues.opened");
        assertThat(targetsOfDeliveries()).containsExactlyInAnyOrder(
                "pushes", "issues", "everything", "everything", "everything", "everything");
    }

    @Test
    void anEventWithoutATypeTakesOnlyRoutesWithoutFilters() throws Exception {
        ApiResponse accepted = relay.ingest("github", "{}".getBytes(StandardCharsets.UTF_8),
                Map.of("content-type", "application/json"));

        assertThat(RelayServer.expect(202, accepted).path("deliveries").asInt()).isEqualTo(1);
        Receiver.Request request = everything.awaitRequests(1).get(0);
        assertThat(request.header("x-hookrelay-event-type")).isEmpty();
        assertThat(targetsOfDeliveries()).containsExactly("everything");
    }

    private static List<String> eventTypes(List<Receiver.Request> requests) {
        return requests.stream().map(request -> request.header("x-hookrelay-event-type").orElse("(none)")).toList();
    }

    /** Every delivery there is: what a receiver did not get, the relay did not even plan to send. */
    private List<String> targetsOfDeliveries() {
        return relay.deliveries().stream().map(delivery -> delivery.path("target").asText()).toList();
    }
}
