package io.hookrelay.it.signatures;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.hookrelay.it.support.ApiResponse;
import io.hookrelay.it.support.JdkEd25519;
import io.hookrelay.it.support.NewTarget;
import io.hookrelay.it.support.NodeStandardWebhooks;
import io.hookrelay.it.support.Receiver;
import io.hookrelay.it.support.RelayServer;
import io.hookrelay.queue.testing.Await;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Deliveries' signatures as receivers check them, on each backend, with verifiers hookrelay did not write: the npm
 * registry's Standard Webhooks library for {@code v1}, the JDK's Ed25519 for {@code v1a}. Through a rotation every
 * delivery verifies under the old secret and under the new one until the grace period ends.
 */
abstract class SignatureScenarios {
    private static final String UNRELATED = "whsec_" + Base64.getEncoder().encodeToString(new byte[32]);

    private RelayServer relay;
    private Receiver receiver;
    private int sent;

    abstract RelayServer startServer(Path dataDir) throws Exception;

    @BeforeEach
    void start(@TempDir Path dataDir) throws Exception {
        relay = startServer(dataDir);
        receiver = relay.startReceiver();
        relay.createPlainSource("shop");
    }

    @AfterEach
    void stop() {
        relay.close();
    }

    @Test
    void duringAV1RotationEachDeliveryVerifiesUnderTheOldAndTheNewSecret() throws Exception {
        String first = relay.createTarget(NewTarget.to("ledger", receiver));
        relay.createRoute("shop", "ledger");
        Receiver.Request before = deliverOne();
        assertThat(NodeStandardWebhooks.verify(first, before)).isEqualTo("verified");

        JsonNode rotated = rotate("ledger", "{\"grace_s\":3600}");
        String second = rotated.path("secret").asText();
        Receiver.Request during = deliverOne();

        assertThat(second).startsWith("whsec_").isNotEqualTo(first);
        assertThat(rotated.path("previous_secret_until").asText()).isNotEmpty();
        assertThat(during.header("webhook-signature").orElseThrow().split(" ")).hasSize(2);
        assertThat(NodeStandardWebhooks.verify(first, during)).isEqualTo("verified");
        assertThat(NodeStandardWebhooks.verify(second, during)).isEqualTo("verified");
        assertThat(NodeStandardWebhooks.verify(UNRELATED, during)).startsWith("refused");
        assertThat(relay.api().get("/api/v1/targets/ledger").expect(200).has("secret")).as("shown only once").isFalse();

        ApiResponse early = relay.api().post("/api/v1/targets/ledger/rotate-secret", "{\"grace_s\":60}");
        assertThat(early.status()).as("a second grace would cut the first short").isEqualTo(409);
        assertThat(early.error()).isEqualTo("rotation_in_progress");
        Receiver.Request stillDuring = deliverOne();
        assertThat(NodeStandardWebhooks.verify(first, stillDuring)).isEqualTo("verified");
        assertThat(NodeStandardWebhooks.verify(second, stillDuring)).isEqualTo("verified");

        String third = rotate("ledger", "{\"grace_s\":0}").path("secret").asText();
        Receiver.Request after = deliverOne();

        assertThat(NodeStandardWebhooks.verify(third, after)).isEqualTo("verified");
        assertThat(NodeStandardWebhooks.verify(second, after)).as("no grace asked for").startsWith("refused");
        assertThat(NodeStandardWebhooks.verify(first, after)).as("every old secret stopped").startsWith("refused");
        assertThat(relay.api().get("/api/v1/targets/ledger").expect(200).has("previous_secret_until")).isFalse();
    }

    @Test
    void onceTheGraceHasEndedDeliveriesCarryOnlyTheNewSignature() throws Exception {
        String first = relay.createTarget(NewTarget.to("ledger", receiver));
        relay.createRoute("shop", "ledger");
        JsonNode rotated = rotate("ledger", "{\"grace_s\":3}");
        String second = rotated.path("secret").asText();
        Instant graceEnds = Instant.parse(rotated.path("previous_secret_until").asText());
        Receiver.Request during = deliverOne();
        assertThat(NodeStandardWebhooks.verify(first, during)).isEqualTo("verified");

        Await.until("the grace is over", Duration.ofSeconds(10), () -> Instant.now().isAfter(graceEnds));
        Receiver.Request after = deliverOne();

        assertThat(after.header("webhook-signature").orElseThrow().split(" ")).hasSize(1);
        assertThat(NodeStandardWebhooks.verify(second, after)).isEqualTo("verified");
        assertThat(NodeStandardWebhooks.verify(first, after)).startsWith("refused");
        assertThat(relay.api().get("/api/v1/targets/ledger").expect(200).has("previous_secret_until")).isFalse();
        assertThat(rotate("ledger", "{\"grace_s\":60}").path("previous_secret_until").asText())
                .as("a grace that has ended holds up no rotation").isNotEmpty();
    }

    @Test
    void aV1aTargetsDeliveriesVerifyWithItsPublicKeyAcrossARotation() throws Exception {
        JsonNode created = relay.api().post("/api/v1/targets", "{\"id\":\"ledger\",\"url\":\"" + receiver.url()
                + "\",\"signature\":\"v1a\"}").expect(201);
        relay.createRoute("shop", "ledger");
        String firstKey = created.path("public_key").asText();

        assertThat(created.path("secret").asText()).startsWith("whsk_");
        assertThat(firstKey).startsWith("whpk_");
        assertThat(relay.api().get("/api/v1/targets/ledger").expect(200).path("public_key").asText()).isEqualTo(firstKey);
        Receiver.Request before = deliverOne();
        assertThat(JdkEd25519.keysThatVerify(before, firstKey)).containsExactly(firstKey);

        String secondKey = rotate("ledger", "{}").path("public_key").asText();
        Receiver.Request during = deliverOne();
        assertThat(JdkEd25519.keysThatVerify(during, firstKey, secondKey)).containsExactlyInAnyOrder(firstKey, secondKey);

        String thirdKey = rotate("ledger", "{\"grace_s\":0}").path("public_key").asText();
        JsonNode backToV1 = rotate("ledger", "{\"grace_s\":600,\"signature\":\"v1\"}");
        Receiver.Request switching = deliverOne();
        assertThat(backToV1.has("public_key")).isFalse();
        assertThat(NodeStandardWebhooks.verify(backToV1.path("secret").asText(), switching)).isEqualTo("verified");
        assertThat(JdkEd25519.keysThatVerify(switching, firstKey, secondKey, thirdKey)).containsExactly(thirdKey);
    }

    @Test
    void refusedSignatureSettingsAre400AndChangeNothing() throws Exception {
        String secret = relay.createTarget(NewTarget.to("ledger", receiver));
        List<String> refusedRotations = List.of("{\"grace_s\":-1}", "{\"grace_s\":2592001}", "{\"grace_s\":\"1d\"}", "{\"grace_s\":1.5}",
                "{\"signature\":\"v2\"}", "{\"grace\":60}", "[]");
        for (String body : refusedRotations) {
            ApiResponse refused = relay.api().post("/api/v1/targets/ledger/rotate-secret", body);
            assertThat(refused.status()).as(body).isEqualTo(400);
            assertThat(refused.error()).as(body).isEqualTo("invalid_request");
        }
        assertThat(relay.api().post("/api/v1/targets/ghost/rotate-secret", "{}").status()).isEqualTo(404);
        assertThat(relay.api().put("/api/v1/targets/ledger", "{\"url\":\"" + receiver.url() + "\",\"signature\":\"v1a\"}").status())
                .as("another scheme needs a secret of it").isEqualTo(400);
        assertThat(relay.api().post("/api/v1/targets", "{\"id\":\"other\",\"url\":\"" + receiver.url() + "\",\"signature\":\"v1a\","
                + "\"secret\":\"" + secret + "\"}").status()).isEqualTo(400);

        JsonNode unchanged = relay.api().get("/api/v1/targets/ledger").expect(200);
        assertThat(unchanged.path("signature").asText()).isEqualTo("v1");
        assertThat(unchanged.has("previous_secret_until")).isFalse();
        relay.createRoute("shop", "ledger");
        assertThat(NodeStandardWebhooks.verify(secret, deliverOne())).isEqualTo("verified");
    }

    private JsonNode rotate(String target, String body) {
        return relay.api().post("/api/v1/targets/" + target + "/rotate-secret", body).expect(200);
    }

    private Receiver.Request deliverOne() throws InterruptedException {
        relay.accept("shop", "{\"type\":\"order.paid\",\"n\":" + sent + "}");
        sent++;
        return receiver.awaitRequests(sent).get(sent - 1);
    }
}
