package io.hookrelay.delivery.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.hookrelay.delivery.error.InvalidSignatureException;
import io.hookrelay.delivery.model.Verification;
import io.hookrelay.delivery.usecase.InboundRequest;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.time.Instant;
import java.util.Base64;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Expected signatures computed straight from {@code javax.crypto} over the whole signed message, not through
 * the production code's piecewise {@code Hmacs}, and the one way the verifier tests check a refusal.
 */
final class TestSignatures {
    private TestSignatures() {
    }

    static byte[] hmacSha256(byte[] key, String message) {
        return hmacSha256(key, message.getBytes(StandardCharsets.UTF_8));
    }

    static byte[] hmacSha256(byte[] key, byte[] message) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            return mac.doFinal(message);
        } catch (GeneralSecurityException e) {
            throw new AssertionError(e);
        }
    }

    static String hex(byte[] bytes) {
        return HexFormat.of().formatHex(bytes);
    }

    static String base64(byte[] bytes) {
        return Base64.getEncoder().encodeToString(bytes);
    }

    static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    /** A request with {@code name, value, name, value…} headers, names as a client might spell them. */
    static InboundRequest request(String body, String... headers) {
        Map<String, String> map = new HashMap<>();
        for (int i = 0; i < headers.length; i += 2) {
            map.put(headers[i], headers[i + 1]);
        }
        return new InboundRequest("application/json", map, utf8(body));
    }

    /**
     * Asserts the verifier refuses the request, and that the refusal tells the sender nothing secret.
     *
     * @param secrets the secret and the signatures that would have been accepted, none of which may appear
     */
    static void assertRefused(SignatureVerifier verifier, Verification settings, InboundRequest request, Instant now, String... secrets) {
        InvalidSignatureException refusal = catchThrowableOfType(InvalidSignatureException.class,
                () -> verifier.verify(settings, request, now));
        assertThat(refusal).as("refused").isNotNull();
        assertThat(refusal.code()).isEqualTo("invalid_signature");
        assertThat(refusal.getMessage()).isNotBlank();
        for (String secret : secrets) {
            assertThat(refusal.getMessage()).doesNotContainIgnoringCase(secret);
        }
    }
}
