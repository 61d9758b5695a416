package io.hookrelay.it.forwarding;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.it.support.ApiResponse;
import io.hookrelay.it.support.NewTarget;
import io.hookrelay.it.support.Receiver;
import io.hookrelay.it.support.RelayServer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A source's {@code forward_headers} reach its targets with every delivery, on each backend; credentials,
 * hop-by-hop headers and hookrelay's own are refused when configured and so never travel.
 */
abstract class ForwardedHeaderScenarios {
    private static final String GITHUB = "{\"id\":\"github\",\"event_type\":{\"header\":\"X-GitHub-Event\"},"
            + "\"forward_headers\":[\"X-GitHub-Event\",\"X-GitHub-Delivery\",\"X-GitHub-Hook-ID\"]}";

    private RelayServer relay;
    private Receiver ci;

    abstract RelayServer startServer(Path dataDir) throws Exception;

    @BeforeEach
    void start(@TempDir Path dataDir) throws Exception {
        relay = startServer(dataDir);
        ci = relay.startReceiver();
        relay.createSource(GITHUB);
        relay.createRoutedTarget("github", NewTarget.to("ci", ci));
    }

    @AfterEach
    void stop() {
        relay.close();
    }

    @Test
    void theListedProviderHeadersReachTheTargetAndNoOthers() throws Exception {
        push(Map.of("X-GitHub-Event", "push", "X-GitHub-Delivery", "72d3162e-cc78-11e3-81ab-4c9367dc0958",
                "X-GitHub-Hook-ID", "292430182", "X-Hub-Signature-256", "sha256=abc"));

        Receiver.Request delivered = ci.awaitRequests(1).get(0);

        assertThat(delivered.header("x-github-event")).hasValue("push");
        assertThat(delivered.header("x-github-delivery")).hasValue("72d3162e-cc78-11e3-81ab-4c9367dc0958");
        assertThat(delivered.header("x-github-hook-id")).hasValue("292430182");
        assertThat(delivered.header("x-hub-signature-256")).isEmpty();
        assertThat(delivered.header("authorization")).as("the API client's bearer token, sent with the webhook").isEmpty();
        assertThat(delivered.header("webhook-signature")).hasValueSatisfying(signature -> assertThat(signature).startsWith("v1,"));
    }

    /** A header the source lists but this webhook lacks is simply not sent; a replaced source forwards its new list. */
    @Test
    void aReplacedSourceForwardsItsNewList() throws Exception {
        push(Map.of("X-GitHub-Event", "push"));
        assertThat(ci.awaitRequests(1).get(0).header("x-github-delivery")).isEmpty();

        relay.api().put("/api/v1/sources/github", "{\"id\":\"github\",\"event_type\":{\"header\":\"X-GitHub-Event\"}}").expect(200);
        push(Map.of("X-GitHub-Event", "issues", "X-GitHub-Delivery", "d2"));

        assertThat(ci.awaitRequests(2).get(1).header("x-github-event")).as("no longer forwarded").isEmpty();
    }

    @Test
    void aHeaderThatIsNeverForwardedIsA400AndTheSourceStaysAsItWas() {
        for (String name : List.of("Authorization", "Cookie", "Connection", "Transfer-Encoding", "Host", "webhook-signature",
                "X-Hookrelay-Source", "Content-Type", "not a header")) {
            ApiResponse refused = relay.api().put("/api/v1/sources/github",
                    "{\"id\":\"github\",\"forward_headers\":[\"" + name + "\"]}");
            assertThat(refused.status()).as(name).isEqualTo(400);
            assertThat(refused.error()).as(name).isEqualTo("invalid_request");
        }
        assertThat(relay.api().get("/api/v1/sources/github").expect(200).path("forward_headers").toString())
                .isEqualTo("[\"x-github-event\",\"x-github-delivery\",\"x-github-hook-id\"]");
    }

    private void push(Map<String, String> headers) {
        relay.api().ingest("github", "application/json", "{\"ref\":\"refs/heads/main\"}".getBytes(StandardCharsets.UTF_8), headers)
                .expect(202);
    }
}
