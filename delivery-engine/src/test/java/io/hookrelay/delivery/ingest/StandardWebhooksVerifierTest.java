package io.hookrelay.delivery.ingest;

import static io.hookrelay.delivery.ingest.TestSignatures.assertRefused;
import static io.hookrelay.delivery.ingest.TestSignatures.base64;
import static io.hookrelay.delivery.ingest.TestSignatures.hmacSha256;
import static io.hookrelay.delivery.ingest.TestSignatures.request;
import static org.assertj.core.api.Assertions.assertThatCode;

import io.hookrelay.delivery.model.Verification;
import io.hookrelay.delivery.model.VerificationScheme;
import io.hookrelay.delivery.usecase.InboundRequest;
import java.time.Instant;
import java.util.Base64;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class StandardWebhooksVerifierTest {
    private static final String SECRET = "whsec_" + base64("0123456789abcdef0123456789abcdef".getBytes());
    private static final String OTHER_SECRET = "whsec_" + base64("fedcba9876543210fedcba9876543210".getBytes());
    private static final Verification SETTINGS = new Verification(VerificationScheme.STANDARD_WEBHOOKS, SECRET, null, null, null);
    private static final long NOW = 1_700_000_000L;
    private static final String ID = "msg_2b7p1J0";
    private static final String BODY = "{\"type\":\"invoice.paid\",\"amount\":4200}";

    private final SignatureVerifier verifier = new StandardWebhooksVerifier();

    private static String sign(String secret, String id, long timestamp, String body) {
        byte[] key = Base64.getDecoder().decode(secret.substring("whsec_".length()));
        return "v1," + base64(hmacSha256(key, id + "." + timestamp + "." + body));
    }

    private static InboundRequest signed(long timestamp, String signatures) {
        return request(BODY, "webhook-id", ID, "webhook-timestamp", Long.toString(timestamp), "webhook-signature", signatures);
    }

    private void assertAccepted(Verification settings, InboundRequest request, Instant now) {
        assertThatCode(() -> verifier.verify(settings, request, now)).doesNotThrowAnyException();
    }

    private void assertRefusedWithoutLeaks(InboundRequest request, Instant now) {
        assertRefused(verifier, SETTINGS, request, now, SECRET, SECRET.substring("whsec_".length()),
                sign(SECRET, ID, NOW, BODY).substring(3));
    }

    /** The example the Standard Webhooks specification's reference libraries test against. */
    @Test
    void acceptsTheStandardWebhooksSpecificationVector() {
        Verification settings = new Verification(VerificationScheme.STANDARD_WEBHOOKS, "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
                null, null, null);
        InboundRequest request = request("{\"test\": 2432232314}", "webhook-id", "msg_p5jXN8AQM9LWM0D4loKWxJek",
                "webhook-timestamp", "1614265330", "webhook-signature", "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=");

        assertAccepted(settings, request, Instant.ofEpochSecond(1614265330));
    }

    @Test
    void acceptsASignatureComputedIndependently() {
        assertAccepted(SETTINGS, signed(NOW, sign(SECRET, ID, NOW, BODY)), Instant.ofEpochSecond(NOW));
    }

    @Test
    void headerNamesAreCaseInsensitive() {
        InboundRequest request = request(BODY, "Webhook-Id", ID, "WEBHOOK-TIMESTAMP", Long.toString(NOW),
                "Webhook-Signature", sign(SECRET, ID, NOW, BODY));

        assertAccepted(SETTINGS, request, Instant.ofEpochSecond(NOW));
    }

    /** Any v1 entry may match (the list semantics are StandardWebhooksTest's): here, the right one after others. */
    @Test
    void acceptsWhenALaterEntryMatches() {
        String wrong = sign(OTHER_SECRET, ID, NOW, BODY);

        assertAccepted(SETTINGS, signed(NOW, "v1a,bm90LWNoZWNrZWQ= " + wrong + " " + sign(SECRET, ID, NOW, BODY)), Instant.ofEpochSecond(NOW));
    }

    /** As the specification's reference libraries do: the timestamp is a number, signed in its plain form. */
    @Test
    void aTimestampWithLeadingZerosIsSignedAsItsNumber() {
        assertAccepted(SETTINGS, request(BODY, "webhook-id", ID, "webhook-timestamp", "0" + NOW, "webhook-signature", sign(SECRET, ID, NOW, BODY)),
                Instant.ofEpochSecond(NOW));
    }

    @Test
    void refusesAWrongSecret() {
        assertRefusedWithoutLeaks(signed(NOW, sign(OTHER_SECRET, ID, NOW, BODY)), Instant.ofEpochSecond(NOW));
    }

    @Test
    void refusesATamperedBody() {
        InboundRequest tampered = request(BODY.replace("4200", "9999"), "webhook-id", ID, "webhook-timestamp", Long.toString(NOW),
                "webhook-signature", sign(SECRET, ID, NOW, BODY));

        assertRefusedWithoutLeaks(tampered, Instant.ofEpochSecond(NOW));
    }

    @Test
    void refusesATamperedIdOrTimestamp() {
        InboundRequest otherId = request(BODY, "webhook-id", "msg_other", "webhook-timestamp", Long.toString(NOW),
                "webhook-signature", sign(SECRET, ID, NOW, BODY));
        InboundRequest otherTimestamp = signed(NOW + 1, sign(SECRET, ID, NOW, BODY));

        assertRefusedWithoutLeaks(otherId, Instant.ofEpochSecond(NOW));
        assertRefusedWithoutLeaks(otherTimestamp, Instant.ofEpochSecond(NOW));
    }

    @ParameterizedTest
    @ValueSource(strings = {"webhook-id", "webhook-timestamp", "webhook-signature"})
    void refusesAMissingHeader(String missing) {
        InboundRequest complete = signed(NOW, sign(SECRET, ID, NOW, BODY));
        Map<String, String> headers = new HashMap<>(complete.headers());
        headers.remove(missing);

        assertRefusedWithoutLeaks(new InboundRequest("application/json", headers, complete.body()), Instant.ofEpochSecond(NOW));
    }

    @ParameterizedTest
    @ValueSource(longs = {-300, 300})
    void acceptsATimestampFiveMinutesAwayExactly(long skew) {
        long timestamp = NOW + skew;

        assertAccepted(SETTINGS, signed(timestamp, sign(SECRET, ID, timestamp, BODY)), Instant.ofEpochSecond(NOW));
    }

    @ParameterizedTest
    @ValueSource(longs = {-301, 301, -86_400, 86_400})
    void refusesAnOldOrFutureTimestampEvenWhenCorrectlySigned(long skew) {
        long timestamp = NOW + skew;

        assertRefusedWithoutLeaks(signed(timestamp, sign(SECRET, ID, timestamp, BODY)), Instant.ofEpochSecond(NOW));
    }

    @Test
    void comparesTimestampsInWholeSeconds() {
        Instant nowWithMillis = Instant.ofEpochSecond(NOW, 999_000_000);
        long oldest = NOW - 300;

        assertAccepted(SETTINGS, signed(oldest, sign(SECRET, ID, oldest, BODY)), nowWithMillis);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "abc", "-1700000000", "1700000000.5", " 1700000000", "1700000000000000000000"})
    void refusesATimestampThatIsNotUnixSeconds(String timestamp) {
        InboundRequest request = request(BODY, "webhook-id", ID, "webhook-timestamp", timestamp,
                "webhook-signature", sign(SECRET, ID, NOW, BODY));

        assertRefusedWithoutLeaks(request, Instant.ofEpochSecond(NOW));
    }
}
