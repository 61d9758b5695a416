package io.hookrelay.it.relay;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.hookrelay.it.support.ApiResponse;
import io.hookrelay.it.support.NewTarget;
import io.hookrelay.it.support.Receiver;
import io.hookrelay.it.support.RelayServer;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A GitHub webhook, verified the way GitHub signs it, fanned out to two targets: each receiver gets the
 * provider's body byte for byte, signed with its own target's secret, with hookrelay's headers.
 */
class FanOutIT {
    private static final String GITHUB_SECRET = "it-github-secret";
    private static final String CONTENT_TYPE = "application/json; charset=utf-8";

    @AutoClose
    private RelayServer relay;
    private Receiver ci;
    private Receiver chat;
    private String ciSecret;
    private String chatSecret;

    @BeforeEach
    void routeGitHubToCiAndChat(@TempDir Path dataDir) {
        relay = RelayServer.start(dataDir);
        ci = relay.startReceiver();
        chat = relay.startReceiver();
        relay.createSource("""
                {"id":"github","verify":{"scheme":"hmac-sha256","secret":"%s"},"event_type":{"header":"X-GitHub-Event"}}
                """.formatted(GITHUB_SECRET));
        ciSecret = relay.createRoutedTarget("github", NewTarget.to("ci", ci));
        chatSecret = relay.createRoutedTarget("github", NewTarget.to("chat", chat));
    }

    @Test
    void bothTargetsReceiveTheExactBodySignedWithTheirOwnSecret() throws Exception {
        byte[] body = awkwardBody();

        JsonNode accepted = relay.api().ingest("github", CONTENT_TYPE, body, gitHubHeaders(body, GITHUB_SECRET)).expect(202);
        String eventId = accepted.path("event_id").asText();
        assertThat(eventId).matches("evt_[0-9A-HJKMNP-TV-Z]{26}");
        assertThat(accepted.path("deliveries").asInt()).isEqualTo(2);

        Receiver.Request atCi = ci.awaitRequests(1).get(0);
        Receiver.Request atChat = chat.awaitRequests(1).get(0);
        Instant now = Instant.now();
        for (Receiver.Request request : List.of(atCi, atChat)) {
            assertThat(request.method()).isEqualTo("POST");
            assertThat(request.path()).isEqualTo(Receiver.PATH);
            assertThat(request.body()).isEqualTo(body);
            assertThat(request.header("content-type")).hasValue(CONTENT_TYPE);
            assertThat(request.header("webhook-id")).hasValue(eventId);
            assertThat(request.header("user-agent")).hasValueSatisfying(agent -> assertThat(agent).startsWith("hookrelay/"));
            assertThat(request.header("x-hookrelay-source")).hasValue("github");
            assertThat(request.header("x-hookrelay-event-type")).hasValue("push");
            assertThat(request.header("x-hookrelay-attempt")).hasValue("1");
        }
        assertThat(StandardWebhooksCheck.verifies(ciSecret, atCi, now)).as("ci's signature with ci's secret").isTrue();
        assertThat(StandardWebhooksCheck.verifies(chatSecret, atChat, now)).as("chat's signature with chat's secret").isTrue();
        assertThat(StandardWebhooksCheck.verifies(chatSecret, atCi, now)).as("ci's signature with chat's secret").isFalse();
        assertThat(StandardWebhooksCheck.verifies(ciSecret, atChat, now)).as("chat's signature with ci's secret").isFalse();

        for (JsonNode delivery : relay.deliveriesOfEvent(eventId)) {
            String id = delivery.path("id").asText();
            JsonNode completed = relay.awaitDelivery(id, "completed");
            assertThat(completed.path("attempts").asInt()).isEqualTo(1);
            Receiver receiver = delivery.path("target").asText().equals("ci") ? ci : chat;
            assertThat(receiver.requests().get(0).header("x-hookrelay-delivery-id")).hasValue(id);
        }
    }

    @Test
    void aWrongGitHubSignatureIsRefusedAndNothingIsStored() {
        byte[] body = awkwardBody();
        int eventsBefore = relay.events().size();

        ApiResponse refused = relay.api().ingest("github", CONTENT_TYPE, body, gitHubHeaders(body, "not-the-secret"));

        assertThat(refused.status()).isEqualTo(401);
        assertThat(refused.error()).isEqualTo("invalid_signature");
        assertThat(refused.body()).doesNotContain(GITHUB_SECRET, gitHubSignature(body, GITHUB_SECRET));
        assertThat(relay.events()).hasSize(eventsBefore);
    }

    /** JSON with characters beyond ASCII, followed by bytes that are not UTF-8 at all: nothing may be re-encoded. */
    private static byte[] awkwardBody() {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        body.writeBytes("{\"ref\":\"refs/heads/main\",\"msg\":\"Grüße, 東京 ✓ 𝄞\"}\r\n".getBytes(StandardCharsets.UTF_8));
        body.writeBytes(new byte[] {0, (byte) 0xff, (byte) 0xfe, (byte) 0xc3, 0x28, 0x7f, '\n'});
        return body.toByteArray();
    }

    private static Map<String, String> gitHubHeaders(byte[] body, String secret) {
        return Map.of("X-GitHub-Event", "push",
                "X-GitHub-Delivery", "72d3162e-cc78-11e3-81ab-4c9367dc0958",
                "X-Hub-Signature-256", gitHubSignature(body, secret));
    }

    /** GitHub's signature: hex HMAC-SHA256 of the body, keyed with the secret's UTF-8 bytes. */
    private static String gitHubSignature(byte[] body, String secret) {
        return "sha256=" + HexFormat.of().formatHex(StandardWebhooksCheck.hmacSha256(secret.getBytes(StandardCharsets.UTF_8), body));
    }
}
