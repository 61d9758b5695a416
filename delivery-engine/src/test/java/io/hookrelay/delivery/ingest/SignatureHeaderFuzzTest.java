package io.hookrelay.delivery.ingest;

import static io.hookrelay.delivery.ingest.TestSignatures.base64;
import static io.hookrelay.delivery.ingest.TestSignatures.hex;
import static io.hookrelay.delivery.ingest.TestSignatures.hmacSha256;
import static io.hookrelay.delivery.ingest.TestSignatures.utf8;
import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.hookrelay.delivery.error.InvalidSignatureException;
import io.hookrelay.delivery.model.Verification;
import io.hookrelay.delivery.model.VerificationScheme;
import io.hookrelay.delivery.signing.SignatureEncoding;
import io.hookrelay.delivery.signing.StandardWebhooks;
import io.hookrelay.delivery.usecase.InboundRequest;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Inbound signature headers as anyone may send them, for each scheme a source verifies with: Standard Webhooks,
 * Stripe, and a plain HMAC after a prefix (GitHub's hex, or base64). A request is refused with
 * {@link InvalidSignatureException}, saying neither the secret nor the signature expected, or it passes, which it may
 * only for its source's secret and, where the scheme signs a timestamp, at a time near that timestamp; written as its
 * provider writes it, it always passes.
 *
 * <p>An input is a line naming the scheme ({@code stripe}, {@code standard-webhooks}, {@code hmac-sha256} or
 * {@code hmac-sha256 base64}), header lines {@code name: value}, an empty line, then the body. In header values
 * {@code {now}} stands for the time the request is verified at and, in the signature's header, {@code {sig}} for the
 * signature expected, so that inputs can come as near to a valid request as the fuzzer takes them.
 */
class SignatureHeaderFuzzTest {
    private static final Instant NOW = Instant.ofEpochSecond(1_700_000_000L);
    private static final String STANDARD_SECRET = "whsec_MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=";
    private static final String OTHER_STANDARD_SECRET = "whsec_ZmVkY2JhOTg3NjU0MzIxMGZlZGNiYTk4NzY1NDMyMTA=";
    private static final String SECRET = "whsec_fuzz3kT9q0ZxLmN4pQ8rS";
    private static final String OTHER_SECRET = "whsec_someoneElse00000000000";

    @FuzzTest(maxDuration = "3m")
    void aRequestPassesOnlyWithItsSourcesSignatureAndIsOtherwiseRefusedWithoutLeaks(byte[] input) {
        String[] lines = new String(input, StandardCharsets.UTF_8).split("\n", -1);
        Optional<Verification> chosen = settings(lines[0], false);
        if (chosen.isEmpty()) {
            return;
        }
        Verification settings = chosen.get();
        Map<String, String> headers = new LinkedHashMap<>();
        int line = 1;
        for (; line < lines.length && !lines[line].isEmpty(); line++) {
            int colon = lines[line].indexOf(':');
            if (colon > 0) {
                headers.merge(lines[line].substring(0, colon).strip(), lines[line].substring(colon + 1).strip().replace("{now}", seconds()),
                        (first, second) -> first + ", " + second);
            }
        }
        byte[] body = line + 1 < lines.length
                ? String.join("\n", Arrays.copyOfRange(lines, line + 1, lines.length)).getBytes(StandardCharsets.UTF_8) : new byte[0];
        String signature = expectedSignature(settings, new InboundRequest("application/json", headers, body));
        String signatureHeader = signatureHeader(settings);
        headers.replaceAll((name, value) -> name.equalsIgnoreCase(signatureHeader) ? value.replace("{sig}", signature) : value);
        InboundRequest request = new InboundRequest("application/json", headers, body);

        boolean passed = passes(settings, request, NOW, signature);

        if (passed) {
            Verification otherSecret = settings(lines[0], true).orElseThrow();
            assertThat(passes(otherSecret, request, NOW, signature)).as("passes with another secret").isFalse();
            if (settings.scheme() != VerificationScheme.HMAC_SHA256) {
                assertThat(passes(settings, request, NOW.plus(Duration.ofMinutes(6)), signature)).as("passes 6 minutes later").isFalse();
                assertThat(passes(settings, request, NOW.minus(Duration.ofMinutes(6)), signature)).as("passes 6 minutes earlier").isFalse();
            }
        }
        if (isWrittenAsItsProviderWritesIt(settings, request, signature)) {
            assertThat(passed).as("passes as its provider writes it").isTrue();
        }
    }

    private static boolean passes(Verification settings, InboundRequest request, Instant now, String expected) {
        try {
            SignatureVerifier.of(settings.scheme()).verify(settings, request, now);
            return true;
        } catch (InvalidSignatureException refused) {
            assertThat(refused.getMessage()).isNotBlank().doesNotContain(settings.secret()).doesNotContain(expected);
            return false;
        }
    }

    private static Optional<Verification> settings(String scheme, boolean otherSecret) {
        String secret = otherSecret ? OTHER_SECRET : SECRET;
        return Optional.ofNullable(switch (scheme) {
            case "standard-webhooks" -> new Verification(VerificationScheme.STANDARD_WEBHOOKS,
                    otherSecret ? OTHER_STANDARD_SECRET : STANDARD_SECRET, null, null, null);
            case "stripe" -> new Verification(VerificationScheme.STRIPE, secret, null, null, null);
            case "hmac-sha256" -> new Verification(VerificationScheme.HMAC_SHA256, secret, null, null, null);
            case "hmac-sha256 base64" -> new Verification(VerificationScheme.HMAC_SHA256, secret, "X-Shopify-Hmac-Sha256", "",
                    SignatureEncoding.BASE64);
            default -> null;
        });
    }

    private static String signatureHeader(Verification settings) {
        return switch (settings.scheme()) {
            case STANDARD_WEBHOOKS -> StandardWebhooks.SIGNATURE_HEADER;
            case STRIPE -> Verification.STRIPE_HEADER;
            case HMAC_SHA256 -> settings.header();
            case NONE -> "";
        };
    }

    /** The signature the request must carry, computed from each scheme's specification with {@code javax.crypto}. */
    private static String expectedSignature(Verification settings, InboundRequest request) {
        return switch (settings.scheme()) {
            case STANDARD_WEBHOOKS -> {
                String id = request.header(StandardWebhooks.ID_HEADER).orElse("");
                String timestamp = request.header(StandardWebhooks.TIMESTAMP_HEADER).filter(value -> value.matches("[0-9]{1,12}"))
                        .map(value -> Long.toString(Long.parseLong(value))).orElse(seconds());
                byte[] key = Base64.getDecoder().decode(STANDARD_SECRET.substring("whsec_".length()));
                yield base64(hmacSha256(key, concat(utf8(id + "." + timestamp + "."), request.body())));
            }
            case STRIPE -> hex(hmacSha256(utf8(settings.secret()),
                    concat(utf8(stripeTimestamp(request.header(Verification.STRIPE_HEADER).orElse("")).orElse(seconds()) + "."),
                            request.body())));
            case HMAC_SHA256 -> {
                byte[] digest = hmacSha256(utf8(settings.secret()), request.body());
                yield settings.encoding() == SignatureEncoding.HEX ? hex(digest) : base64(digest);
            }
            case NONE -> throw new IllegalArgumentException("a source without verification expects no signature");
        };
    }

    /** Stripe's {@code t=} as written, when the header has exactly one. */
    private static Optional<String> stripeTimestamp(String header) {
        Optional<String> only = Optional.empty();
        for (String element : header.split(",")) {
            String trimmed = element.strip();
            if (trimmed.startsWith("t=")) {
                if (only.isPresent()) {
                    return Optional.empty();
                }
                only = Optional.of(trimmed.substring(2));
            }
        }
        return only;
    }

    private static boolean isWrittenAsItsProviderWritesIt(Verification settings, InboundRequest request, String signature) {
        return switch (settings.scheme()) {
            case STANDARD_WEBHOOKS -> request.header(StandardWebhooks.ID_HEADER).isPresent()
                    && request.header(StandardWebhooks.TIMESTAMP_HEADER).equals(Optional.of(seconds()))
                    && request.header(StandardWebhooks.SIGNATURE_HEADER).equals(Optional.of("v1," + signature));
            case STRIPE -> request.header(Verification.STRIPE_HEADER).equals(Optional.of("t=" + seconds() + ",v1=" + signature));
            case HMAC_SHA256 -> request.header(settings.header()).equals(Optional.of(settings.prefix() + signature));
            case NONE -> false;
        };
    }

    private static String seconds() {
        return Long.toString(NOW.getEpochSecond());
    }

    private static byte[] concat(byte[] first, byte[] second) {
        byte[] both = Arrays.copyOf(first, first.length + second.length);
        System.arraycopy(second, 0, both, first.length, second.length);
        return both;
    }
}
