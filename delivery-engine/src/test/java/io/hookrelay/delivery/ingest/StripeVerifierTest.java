package io.hookrelay.delivery.ingest;

import static io.hookrelay.delivery.ingest.TestSignatures.assertRefused;
import static io.hookrelay.delivery.ingest.TestSignatures.hex;
import static io.hookrelay.delivery.ingest.TestSignatures.hmacSha256;
import static io.hookrelay.delivery.ingest.TestSignatures.request;
import static io.hookrelay.delivery.ingest.TestSignatures.utf8;
import static org.assertj.core.api.Assertions.assertThatCode;

import io.hookrelay.delivery.model.Verification;
import io.hookrelay.delivery.model.VerificationScheme;
import io.hookrelay.delivery.usecase.InboundRequest;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class StripeVerifierTest {
    private static final String SECRET = "whsec_stripe3kT9q0ZxLmN4pQ8rS";
    private static final String OTHER_SECRET = "whsec_someoneElse00000000000";
    private static final Verification SETTINGS = new Verification(VerificationScheme.STRIPE, SECRET, null, null, null);
    private static final long NOW = 1_700_000_000L;
    private static final String BODY = "{\"id\":\"evt_1\",\"type\":\"invoice.paid\"}";

    private final SignatureVerifier verifier = new StripeVerifier();

    private static String v1(String secret, long timestamp, String body) {
        return hex(hmacSha256(utf8(secret), timestamp + "." + body));
    }

    private static InboundRequest withHeader(String stripeSignature) {
        return request(BODY, "Stripe-Signature", stripeSignature);
    }

    private void assertAccepted(InboundRequest request, Instant now) {
        assertThatCode(() -> verifier.verify(SETTINGS, request, now)).doesNotThrowAnyException();
    }

    private void assertRefusedWithoutLeaks(InboundRequest request, Instant now) {
        assertRefused(verifier, SETTINGS, request, now, SECRET, v1(SECRET, NOW, BODY));
    }

    @Test
    void acceptsASignatureComputedIndependently() {
        assertAccepted(withHeader("t=" + NOW + ",v1=" + v1(SECRET, NOW, BODY)), Instant.ofEpochSecond(NOW));
    }

    @Test
    void acceptsAnyMatchingV1AmongSeveralAndIgnoresV0() {
        String wrong = v1(OTHER_SECRET, NOW, BODY);
        String right = v1(SECRET, NOW, BODY);

        assertAccepted(withHeader("t=" + NOW + ",v1=" + wrong + ",v1=" + right + ",v0=" + wrong), Instant.ofEpochSecond(NOW));
        assertAccepted(withHeader("t=" + NOW + ",v1=" + right + ",v1=" + wrong), Instant.ofEpochSecond(NOW));
        assertAccepted(withHeader("v1=not-hex,v1=" + right + ",t=" + NOW), Instant.ofEpochSecond(NOW));
    }

    @Test
    void acceptsUpperCaseHexAndSpacesAfterCommas() {
        assertAccepted(withHeader("t=" + NOW + ", v1=" + v1(SECRET, NOW, BODY).toUpperCase()), Instant.ofEpochSecond(NOW));
    }

    @Test
    void refusesWhenNoV1Matches() {
        assertRefusedWithoutLeaks(withHeader("t=" + NOW + ",v1=" + v1(OTHER_SECRET, NOW, BODY) + ",v1=" + v1(SECRET, NOW, BODY + " ")),
                Instant.ofEpochSecond(NOW));
    }

    @Test
    void refusesTheRightSignatureUnderV0Only() {
        assertRefusedWithoutLeaks(withHeader("t=" + NOW + ",v0=" + v1(SECRET, NOW, BODY)), Instant.ofEpochSecond(NOW));
    }

    @Test
    void refusesAWrongSecret() {
        assertRefusedWithoutLeaks(withHeader("t=" + NOW + ",v1=" + v1(OTHER_SECRET, NOW, BODY)), Instant.ofEpochSecond(NOW));
    }

    @Test
    void refusesATamperedBody() {
        InboundRequest tampered = request(BODY.replace("paid", "voided"), "Stripe-Signature", "t=" + NOW + ",v1=" + v1(SECRET, NOW, BODY));

        assertRefusedWithoutLeaks(tampered, Instant.ofEpochSecond(NOW));
    }

    @Test
    void refusesASignatureMovedToAnotherTimestamp() {
        assertRefusedWithoutLeaks(withHeader("t=" + (NOW + 1) + ",v1=" + v1(SECRET, NOW, BODY)), Instant.ofEpochSecond(NOW));
    }

    @Test
    void refusesAMissingHeader() {
        assertRefusedWithoutLeaks(request(BODY, "X-Other", "t=" + NOW + ",v1=" + v1(SECRET, NOW, BODY)), Instant.ofEpochSecond(NOW));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "v1=%s", "t=,v1=%s", "t=abc,v1=%s", "t=1700000000", "t=1700000000,t=1700000000,v1=%s", "t=1700000000;v1=%s",
            "garbage"})
    void refusesAMalformedHeader(String format) {
        assertRefusedWithoutLeaks(withHeader(format.formatted(v1(SECRET, NOW, BODY))), Instant.ofEpochSecond(NOW));
    }

    @ParameterizedTest
    @ValueSource(longs = {-300, 300})
    void acceptsATimestampFiveMinutesAwayExactly(long skew) {
        long timestamp = NOW + skew;

        assertAccepted(withHeader("t=" + timestamp + ",v1=" + v1(SECRET, timestamp, BODY)), Instant.ofEpochSecond(NOW));
    }

    @ParameterizedTest
    @ValueSource(longs = {-301, 301, -3_600, 3_600})
    void refusesAnOldOrFutureTimestampEvenWhenCorrectlySigned(long skew) {
        long timestamp = NOW + skew;

        assertRefusedWithoutLeaks(withHeader("t=" + timestamp + ",v1=" + v1(SECRET, timestamp, BODY)), Instant.ofEpochSecond(NOW));
    }
}
