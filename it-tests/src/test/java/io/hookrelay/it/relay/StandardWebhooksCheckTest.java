package io.hookrelay.it.relay;

import static org.assertj.core.api.Assertions.assertThat;

import io.hookrelay.it.support.Receiver;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The independent check itself, against the example the Standard Webhooks specification publishes: the
 * relay's deliveries are only as well verified as this check is right.
 */
class StandardWebhooksCheckTest {
    private static final String SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
    private static final String ID = "msg_p5jXN8AQM9LWM0D4loKWxJek";
    private static final String TIMESTAMP = "1614265330";
    private static final byte[] BODY = "{\"test\": 2432232314}".getBytes(StandardCharsets.UTF_8);
    private static final String SIGNATURE = "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=";

    @Test
    void acceptsThePublishedExample() {
        assertThat(StandardWebhooksCheck.signatureMatches(SECRET, ID, TIMESTAMP, BODY, SIGNATURE)).isTrue();
    }

    @Test
    void acceptsTheExampleAmongOtherSignatures() {
        String several = "v1,bm90IGl0 v2,whatever " + SIGNATURE;

        assertThat(StandardWebhooksCheck.signatureMatches(SECRET, ID, TIMESTAMP, BODY, several)).isTrue();
    }

    @Test
    void refusesAnyChangeToWhatWasSigned() {
        byte[] otherBody = "{\"test\": 2432232315}".getBytes(StandardCharsets.UTF_8);

        assertThat(StandardWebhooksCheck.signatureMatches(SECRET, ID, TIMESTAMP, otherBody, SIGNATURE)).isFalse();
        assertThat(StandardWebhooksCheck.signatureMatches(SECRET, ID + "x", TIMESTAMP, BODY, SIGNATURE)).isFalse();
        assertThat(StandardWebhooksCheck.signatureMatches(SECRET, ID, "1614265331", BODY, SIGNATURE)).isFalse();
        assertThat(StandardWebhooksCheck.signatureMatches("whsec_AAAA" + SECRET.substring(10), ID, TIMESTAMP, BODY, SIGNATURE))
                .isFalse();
    }

    @Test
    void refusesASignatureWithoutItsVersion() {
        assertThat(StandardWebhooksCheck.signatureMatches(SECRET, ID, TIMESTAMP, BODY, SIGNATURE.substring(3))).isFalse();
        assertThat(StandardWebhooksCheck.signatureMatches(SECRET, ID, TIMESTAMP, BODY, "")).isFalse();
    }

    @Test
    void refusesATimestampOutsideTheTolerance() {
        Receiver.Request request = new Receiver.Request("POST", "/", Map.of(
                "webhook-id", List.of(ID), "webhook-timestamp", List.of(TIMESTAMP), "webhook-signature", List.of(SIGNATURE)),
                BODY, 0, "127.0.0.1");
        Instant signedAt = Instant.ofEpochSecond(Long.parseLong(TIMESTAMP));

        assertThat(StandardWebhooksCheck.verifies(SECRET, request, signedAt.plus(StandardWebhooksCheck.TOLERANCE))).isTrue();
        assertThat(StandardWebhooksCheck.verifies(SECRET, request, signedAt.minus(StandardWebhooksCheck.TOLERANCE))).isTrue();
        assertThat(StandardWebhooksCheck.verifies(SECRET, request, signedAt.plus(StandardWebhooksCheck.TOLERANCE).plusSeconds(1)))
                .isFalse();
    }
}
