package io.hookrelay.delivery.ingest;

import static io.hookrelay.delivery.ingest.TestSignatures.assertRefused;
import static io.hookrelay.delivery.ingest.TestSignatures.base64;
import static io.hookrelay.delivery.ingest.TestSignatures.hex;
import static io.hookrelay.delivery.ingest.TestSignatures.hmacSha256;
import static io.hookrelay.delivery.ingest.TestSignatures.request;
import static io.hookrelay.delivery.ingest.TestSignatures.utf8;
import static org.assertj.core.api.Assertions.assertThatCode;

import io.hookrelay.delivery.model.Verification;
import io.hookrelay.delivery.model.VerificationScheme;
import io.hookrelay.delivery.signing.SignatureEncoding;
import io.hookrelay.delivery.usecase.InboundRequest;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class HmacSha256VerifierTest {
    private static final String SECRET = "gh-webhook-secret-7c1e";
    private static final String OTHER_SECRET = "gh-webhook-secret-0000";
    private static final Verification GITHUB = new Verification(VerificationScheme.HMAC_SHA256, SECRET, null, null, null);
    private static final Verification SHOPIFY_STYLE = new Verification(VerificationScheme.HMAC_SHA256, SECRET,
            "X-Shopify-Hmac-Sha256", "", SignatureEncoding.BASE64);
    private static final String BODY = "{\"action\":\"opened\",\"number\":7}";
    private static final Instant ANY_TIME = Instant.parse("2025-01-01T00:00:00Z");

    private final SignatureVerifier verifier = new HmacSha256Verifier();

    private static String githubSignature(String secret, String body) {
        return "sha256=" + hex(hmacSha256(utf8(secret), body));
    }

    private void assertAccepted(Verification settings, InboundRequest request) {
        assertThatCode(() -> verifier.verify(settings, request, ANY_TIME)).doesNotThrowAnyException();
    }

    private void assertRefusedWithoutLeaks(Verification settings, InboundRequest request) {
        byte[] expected = hmacSha256(utf8(SECRET), BODY);
        assertRefused(verifier, settings, request, ANY_TIME, SECRET, hex(expected), base64(expected));
    }

    /** The example in GitHub's "Validating webhook deliveries" documentation. */
    @Test
    void acceptsGitHubsDocumentedExample() {
        Verification settings = new Verification(VerificationScheme.HMAC_SHA256, "It's a Secret to Everybody", null, null, null);
        InboundRequest request = request("Hello, World!",
                "X-Hub-Signature-256", "sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17");

        assertAccepted(settings, request);
    }

    @Test
    void acceptsAGitHubSignatureComputedIndependently() {
        assertAccepted(GITHUB, request(BODY, "X-Hub-Signature-256", githubSignature(SECRET, BODY)));
    }

    @Test
    void acceptsUpperCaseHexAndAnyHeaderSpelling() {
        String upper = "sha256=" + hex(hmacSha256(utf8(SECRET), BODY)).toUpperCase();

        assertAccepted(GITHUB, request(BODY, "x-hub-signature-256", upper));
    }

    @Test
    void acceptsBase64UnderACustomHeaderWithoutPrefix() {
        assertAccepted(SHOPIFY_STYLE, request(BODY, "X-Shopify-Hmac-Sha256", base64(hmacSha256(utf8(SECRET), BODY))));
    }

    @Test
    void refusesAWrongSecret() {
        assertRefusedWithoutLeaks(GITHUB, request(BODY, "X-Hub-Signature-256", githubSignature(OTHER_SECRET, BODY)));
        assertRefusedWithoutLeaks(SHOPIFY_STYLE, request(BODY, "X-Shopify-Hmac-Sha256", base64(hmacSha256(utf8(OTHER_SECRET), BODY))));
    }

    @Test
    void refusesATamperedBody() {
        assertRefusedWithoutLeaks(GITHUB, request(BODY.replace('7', '8'), "X-Hub-Signature-256", githubSignature(SECRET, BODY)));
    }

    @Test
    void refusesAMissingHeader() {
        assertRefusedWithoutLeaks(GITHUB, request(BODY, "X-Hub-Signature", githubSignature(SECRET, BODY)));
    }

    @Test
    void refusesASignatureInTheWrongEncoding() {
        assertRefusedWithoutLeaks(SHOPIFY_STYLE, request(BODY, "X-Shopify-Hmac-Sha256", hex(hmacSha256(utf8(SECRET), BODY))));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "sha256=", "sha1=%s", "SHA256=%s", "%s", "sha256=zz%s", "sha256=%s0", "sha256= %s"})
    void refusesAMalformedOrTruncatedValue(String format) {
        String expectedHex = hex(hmacSha256(utf8(SECRET), BODY));

        assertRefusedWithoutLeaks(GITHUB, request(BODY, "X-Hub-Signature-256", format.formatted(expectedHex)));
        assertRefusedWithoutLeaks(GITHUB, request(BODY, "X-Hub-Signature-256", "sha256=" + expectedHex.substring(0, 62)));
    }
}
