package io.hookrelay.delivery.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hookrelay.delivery.error.InvalidRequestException;
import io.hookrelay.delivery.signing.SignatureEncoding;
import java.util.Base64;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class VerificationTest {
    private static final String WHSEC = "whsec_" + Base64.getEncoder().encodeToString(new byte[32]);
    private static final String WHSEC_23_BYTES = "whsec_" + Base64.getEncoder().encodeToString(new byte[23]);

    @Test
    void hmacDefaultsToGitHub() {
        Verification github = new Verification(VerificationScheme.HMAC_SHA256, "s3cret", null, null, null);

        assertThat(github.header()).isEqualTo("X-Hub-Signature-256");
        assertThat(github.prefix()).isEqualTo("sha256=");
        assertThat(github.encoding()).isEqualTo(SignatureEncoding.HEX);
    }

    @Test
    void aCustomHmacHeaderHasNoPrefixUnlessGiven() {
        Verification custom = new Verification(VerificationScheme.HMAC_SHA256, "s3cret", "X-Signature", null, SignatureEncoding.BASE64);

        assertThat(custom.header()).isEqualTo("X-Signature");
        assertThat(custom.prefix()).isEmpty();
        assertThat(custom.encoding()).isEqualTo(SignatureEncoding.BASE64);
    }

    /** An empty prefix is meaningful: the header holds the bare digest. */
    @Test
    void anEmptyPrefixMeansTheDigestStandsAlone() {
        assertThat(new Verification(VerificationScheme.HMAC_SHA256, "s3cret", null, "", null).prefix()).isEmpty();
        assertThat(new Verification(VerificationScheme.HMAC_SHA256, "s3cret", "X-Signature", "", null).prefix()).isEmpty();
    }

    @Test
    void namesTheHeadersItReadsLowerCased() {
        assertThat(Verification.none().signedHeaders()).isEmpty();
        assertThat(new Verification(VerificationScheme.HMAC_SHA256, "s3cret", "X-Signature", null, null).signedHeaders())
                .containsExactly("x-signature");
        assertThat(new Verification(VerificationScheme.STRIPE, "whsec_abc", null, null, null).signedHeaders())
                .containsExactly("stripe-signature");
        assertThat(new Verification(VerificationScheme.STANDARD_WEBHOOKS, WHSEC, null, null, null).signedHeaders())
                .containsExactlyInAnyOrder("webhook-id", "webhook-timestamp", "webhook-signature");
    }

    @Test
    void otherSchemesHaveNoHeaderSettings() {
        Verification stripe = new Verification(VerificationScheme.STRIPE, "whsec_abc", null, null, null);

        assertThat(stripe.header()).isEmpty();
        assertThat(stripe.prefix()).isEmpty();
    }

    static Stream<Arguments> refused() {
        return Stream.of(
                Arguments.of(VerificationScheme.NONE, "s3cret", null, null, null),
                Arguments.of(VerificationScheme.HMAC_SHA256, null, null, null, null),
                Arguments.of(VerificationScheme.HMAC_SHA256, "", null, null, null),
                Arguments.of(VerificationScheme.STRIPE, "", null, null, null),
                Arguments.of(VerificationScheme.STANDARD_WEBHOOKS, "", null, null, null),
                Arguments.of(VerificationScheme.STANDARD_WEBHOOKS, "not-whsec", null, null, null),
                Arguments.of(VerificationScheme.STANDARD_WEBHOOKS, WHSEC_23_BYTES, null, null, null),
                Arguments.of(VerificationScheme.STANDARD_WEBHOOKS, "whsec_%%%", null, null, null),
                Arguments.of(VerificationScheme.STANDARD_WEBHOOKS, WHSEC, "webhook-signature", null, null),
                Arguments.of(VerificationScheme.STRIPE, "whsec_abc", null, "t=", null),
                Arguments.of(VerificationScheme.NONE, "", null, null, SignatureEncoding.HEX),
                Arguments.of(VerificationScheme.HMAC_SHA256, "s3cret", "X Sig", null, null),
                Arguments.of(VerificationScheme.HMAC_SHA256, "s3cret", "", null, null),
                Arguments.of(VerificationScheme.HMAC_SHA256, "s3cret", " ", null, null),
                Arguments.of(VerificationScheme.STRIPE, "whsec_abc", "", null, null),
                Arguments.of(VerificationScheme.STRIPE, "whsec_abc", null, "", null),
                Arguments.of(VerificationScheme.STANDARD_WEBHOOKS, WHSEC, "", "", null),
                Arguments.of(VerificationScheme.HMAC_SHA256, "s3cret", "X-Sig", "sha256=\n", null),
                Arguments.of(VerificationScheme.HMAC_SHA256, "s3cret", "X-Sig", "p".repeat(129), null),
                Arguments.of(VerificationScheme.HMAC_SHA256, "s".repeat(513), null, null, null));
    }

    @ParameterizedTest
    @MethodSource("refused")
    void refusesInconsistentSettings(VerificationScheme scheme, String secret, String header, String prefix, SignatureEncoding encoding) {
        assertThatThrownBy(() -> new Verification(scheme, secret, header, prefix, encoding))
                .isInstanceOf(InvalidRequestException.class)
                .hasMessageStartingWith("verify.");
    }

    @Test
    void neverShowsItsSecret() {
        Verification standard = new Verification(VerificationScheme.STANDARD_WEBHOOKS, WHSEC, null, null, null);
        Verification hmac = new Verification(VerificationScheme.HMAC_SHA256, "s3cret-value", null, null, null);

        assertThat(standard.toString()).doesNotContain(WHSEC.substring(6));
        assertThat(hmac.toString()).doesNotContain("s3cret-value");
    }
}
