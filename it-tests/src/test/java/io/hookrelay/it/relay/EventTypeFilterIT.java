package io.hookrelay.it.relay;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.it.support.ApiResponse;
import io.hookrelay.it.support.NewTarget;
import io.hookrelay.it.support.Receiver;
import io.hookrelay.it.support.RelayServer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Routes filter by event type, exactly ({@code push}) or by prefix ({@code issues.*}, which does not match
 * {@code issues} itself); a route without filters takes everything.
 */
class EventTypeFilterIT {
    @AutoClose
    private RelayServer relay;
    private Receiver pushes;
    private Receiver issues;
    private Receiver everything;

    @BeforeEach
    void routeGitHubByEventType(@TempDir Path dataDir) {
        relay = RelayServer.start(dataDir);
        pushes = relay.startReceiver();
        issues = relay.startReceiver();
        everything = relay.startReceiver();
        relay.createSource("{\"id\":\"github\",\"event_type\":{\"header\":\"X-GitHub-Event\"}}");
        relay.createRoutedTarget("github", NewTarget.to("pushes", pushes), "push");
        relay.createRoutedTarget("github", NewTarget.to("issues", issues), "issues.*");
        relay.createRoutedTarget("github", NewTarget.to("everything", everything));
    }

    @Test
    void eachEventGoesOnlyWhereAFilterMatchesIt() throws Exception {
        Map<String, Integer> deliveriesByType = Map.of("push", 2, "issues.opened", 2, "issues", 1, "pull_request", 1);
        List<String> types = List.of("push", "issues.opened", "issues", "pull_request");
        for (String type : types) {
            ApiResponse accepted = relay.api().ingest("github", "application/json",
                    ("{\"action\":\"" + type + "\"}").getBytes(StandardCharsets.UTF_8), Map.of("X-GitHub-Event", type));
            assertThat(accepted.expect(202).path("deliveries").asInt()).as("deliveries of %s", type)
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
        ApiResponse accepted = relay.api().ingest("github", "application/json", "{}".getBytes(StandardCharsets.UTF_8), Map.of());

        assertThat(accepted.expect(202).path("deliveries").asInt()).isEqualTo(1);
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
