package io.hookrelay.delivery.ingest;

import static io.hookrelay.delivery.ingest.TestSignatures.request;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import io.hookrelay.delivery.model.Verification;
import io.hookrelay.delivery.model.VerificationScheme;
import java.time.Instant;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class SignatureVerifierTest {

    static Stream<Arguments> schemes() {
        return Stream.of(
                Arguments.of(VerificationScheme.NONE, NoVerification.class),
                Arguments.of(VerificationScheme.STANDARD_WEBHOOKS, StandardWebhooksVerifier.class),
                Arguments.of(VerificationScheme.HMAC_SHA256, HmacSha256Verifier.class),
                Arguments.of(VerificationScheme.STRIPE, StripeVerifier.class));
    }

    @ParameterizedTest
    @MethodSource("schemes")
    void eachSchemeHasItsVerifier(VerificationScheme scheme, Class<? extends SignatureVerifier> expected) {
        assertThat(SignatureVerifier.of(scheme)).isInstanceOf(expected);
    }

    @Test
    void noneAcceptsAnUnsignedRequest() {
        assertThatCode(() -> SignatureVerifier.of(VerificationScheme.NONE).verify(Verification.none(), request("anything"), Instant.EPOCH))
                .doesNotThrowAnyException();
    }
}
