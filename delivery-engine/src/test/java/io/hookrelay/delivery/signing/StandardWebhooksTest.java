package io.hookrelay.delivery.signing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hookrelay.delivery.error.InvalidRequestException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.spec.X509EncodedKeySpec;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class StandardWebhooksTest {
    private static final String SECRET = "whsec_" + base64("0123456789abcdef0123456789abcdef".getBytes(StandardCharsets.US_ASCII));
    private static final String OTHER_SECRET = "whsec_" + base64("fedcba9876543210fedcba9876543210".getBytes(StandardCharsets.US_ASCII));
    private static final String ID = "msg_2b7p1J0";
    private static final long TIMESTAMP = 1_700_000_000L;
    private static final byte[] BODY = "{\"type\":\"invoice.paid\",\"amount\":4200}".getBytes(StandardCharsets.UTF_8);

    @Test
    void signMatchesAVectorComputedWithOpenssl() {
        // printf '%s' 'evt_….1700000000.{"order":42,"status":"paid"}' \
        //   | openssl dgst -sha256 -mac HMAC -macopt hexkey:000102…1f -binary | base64
        String secret = "whsec_AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=";
        byte[] body = "{\"order\":42,\"status\":\"paid\"}".getBytes(StandardCharsets.UTF_8);

        String signature = StandardWebhooks.sign(secret, "evt_01HQ3Z8N6W2X4Y5Z6A7B8C9D0E", 1_700_000_000L, body);

        assertThat(signature).isEqualTo("v1,E4uLuspftI3cjuejdgKlJixjTSeMB/I41ns6xQDaeHs=");
    }

    @Test
    void signAgreesWithAnIndependentHmacOverIdTimestampAndBody() {
        Random random = new Random(7);
        for (int i = 0; i < 50; i++) {
            String secret = WebhookSecrets.generate(new SecureRandom(), SignatureScheme.V1);
            byte[] body = new byte[random.nextInt(3000)];
            random.nextBytes(body);
            String id = "evt_" + i;
            long timestamp = 1_600_000_000L + random.nextInt(1_000_000);

            assertThat(StandardWebhooks.sign(secret, id, timestamp, body)).isEqualTo(independentSignature(secret, id, timestamp, body));
        }
    }

    @Test
    void theSignatureCoversTheIdTheTimestampAndTheBody() {
        byte[] body = {1, 2, 3};

        String original = StandardWebhooks.sign(SECRET, "evt_1", 100, body);

        assertThat(StandardWebhooks.sign(SECRET, "evt_1", 101, body)).isNotEqualTo(original);
        assertThat(StandardWebhooks.sign(SECRET, "evt_1", 100, new byte[] {1, 2, 4})).isNotEqualTo(original);
        assertThat(StandardWebhooks.sign(SECRET, "evt_2", 100, body)).isNotEqualTo(original);
    }

    /** The example the Standard Webhooks specification's reference libraries test against. */
    @Test
    void matchesTheSpecificationVector() {
        byte[] body = "{\"test\": 2432232314}".getBytes(StandardCharsets.UTF_8);

        assertThat(StandardWebhooks.matches("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", "msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330L,
                body, "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=")).isTrue();
    }

    @Test
    void matchesASignatureComputedIndependently() {
        assertThat(StandardWebhooks.matches(SECRET, ID, TIMESTAMP, BODY, independentSignature(SECRET, ID, TIMESTAMP, BODY))).isTrue();
    }

    @Test
    void matchesWhatItSigns() {
        Random random = new Random(11);
        for (int i = 0; i < 50; i++) {
            String secret = WebhookSecrets.generate(new SecureRandom(), SignatureScheme.V1);
            byte[] body = new byte[random.nextInt(3000)];
            random.nextBytes(body);
            long timestamp = 1_600_000_000L + random.nextInt(1_000_000);

            assertThat(StandardWebhooks.matches(secret, "evt_" + i, timestamp, body, StandardWebhooks.sign(secret, "evt_" + i, timestamp, body)))
                    .isTrue();
        }
    }

    @Test
    void matchesWhenAnyOfSeveralEntriesMatches() {
        String wrong = independentSignature(OTHER_SECRET, ID, TIMESTAMP, BODY);
        String right = independentSignature(SECRET, ID, TIMESTAMP, BODY);

        assertThat(StandardWebhooks.matches(SECRET, ID, TIMESTAMP, BODY, wrong + " " + right)).isTrue();
        assertThat(StandardWebhooks.matches(SECRET, ID, TIMESTAMP, BODY, right + " " + wrong)).isTrue();
    }

    @Test
    void skipsOtherVersionsEmptyAndMalformedEntriesWhileLookingForAMatch() {
        String right = independentSignature(SECRET, ID, TIMESTAMP, BODY);

        assertThat(StandardWebhooks.matches(SECRET, ID, TIMESTAMP, BODY, "v1a,bm90LWNoZWNrZWQ=  v1,%%%not-base64%%% v1, " + right))
                .isTrue();
    }

    @Test
    void refusesTheRightSignatureUnderAnotherVersion() {
        String right = independentSignature(SECRET, ID, TIMESTAMP, BODY);

        assertThat(StandardWebhooks.matches(SECRET, ID, TIMESTAMP, BODY, "v2," + right.substring(3))).isFalse();
        assertThat(StandardWebhooks.matches(SECRET, ID, TIMESTAMP, BODY, right.substring(3))).isFalse();
    }

    @Test
    void refusesASignatureOfAnotherSecretIdTimestampOrBody() {
        byte[] otherBody = "{\"type\":\"invoice.paid\",\"amount\":9999}".getBytes(StandardCharsets.UTF_8);

        assertThat(StandardWebhooks.matches(SECRET, ID, TIMESTAMP, BODY, independentSignature(OTHER_SECRET, ID, TIMESTAMP, BODY))).isFalse();
        assertThat(StandardWebhooks.matches(SECRET, ID, TIMESTAMP, BODY, independentSignature(SECRET, "msg_other", TIMESTAMP, BODY))).isFalse();
        assertThat(StandardWebhooks.matches(SECRET, ID, TIMESTAMP, BODY, independentSignature(SECRET, ID, TIMESTAMP + 1, BODY))).isFalse();
        assertThat(StandardWebhooks.matches(SECRET, ID, TIMESTAMP, BODY, independentSignature(SECRET, ID, TIMESTAMP, otherBody))).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"", " ", "v1,", "v1,AAAA", "v1,E4uLuspftI3cjuejdgKlJixjTSeMB/I41ns6xQDaeHs="})
    void refusesAnEmptyTruncatedOrUnrelatedValue(String signatureHeader) {
        assertThat(StandardWebhooks.matches(SECRET, ID, TIMESTAMP, BODY, signatureHeader)).isFalse();
    }

    @Test
    void refusesATruncatedRightSignature() {
        String right = independentSignature(SECRET, ID, TIMESTAMP, BODY);

        assertThat(StandardWebhooks.matches(SECRET, ID, TIMESTAMP, BODY, right.substring(0, right.length() - 4))).isFalse();
    }

    /** Straight from {@code javax.crypto} over the whole message, not through the piecewise {@code Hmacs}. */
    private static String independentSignature(String secret, String id, long timestamp, byte[] body) {
        byte[] key = Base64.getDecoder().decode(secret.substring("whsec_".length()));
        byte[] prefix = (id + "." + timestamp + ".").getBytes(StandardCharsets.UTF_8);
        byte[] message = new byte[prefix.length + body.length];
        System.arraycopy(prefix, 0, message, 0, prefix.length);
        System.arraycopy(body, 0, message, prefix.length, body.length);
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            return "v1," + base64(mac.doFinal(message));
        } catch (GeneralSecurityException e) {
            throw new AssertionError(e);
        }
    }

    private static String base64(byte[] bytes) {
        return Base64.getEncoder().encodeToString(bytes);
    }

    /** A v1a entry verifies with the JDK's own Ed25519 under the whpk_ key, and under no other key. */
    @Test
    void v1aSignaturesVerifyWithThePublicKeyAndTheJdksEd25519() throws GeneralSecurityException {
        String secretKey = WebhookSecrets.generate(new SecureRandom(), SignatureScheme.V1A);
        String otherKey = WebhookSecrets.generate(new SecureRandom(), SignatureScheme.V1A);

        String signature = StandardWebhooks.sign(secretKey, ID, TIMESTAMP, BODY);

        assertThat(signature).startsWith("v1a,");
        assertThat(StandardWebhooks.publicKey(secretKey)).startsWith("whpk_");
        byte[] signed = (ID + "." + TIMESTAMP + "." + new String(BODY, StandardCharsets.UTF_8)).getBytes(StandardCharsets.UTF_8);
        assertThat(ed25519Verifies(StandardWebhooks.publicKey(secretKey), signed, signature.substring(4))).isTrue();
        assertThat(ed25519Verifies(StandardWebhooks.publicKey(otherKey), signed, signature.substring(4))).isFalse();
    }

    @Test
    void matchesPublicKeyFindsTheV1aEntryOfItsKeyAmongOthersAndMalformedOnes() {
        String secretKey = WebhookSecrets.generate(new SecureRandom(), SignatureScheme.V1A);
        String otherKey = WebhookSecrets.generate(new SecureRandom(), SignatureScheme.V1A);
        String header = "v1a,%%%not-base64%%% v1a, v1a," + Base64.getEncoder().encodeToString(new byte[63]) + " v1a,"
                + Base64.getEncoder().encodeToString(new byte[65]) + " " + StandardWebhooks.sign(SECRET, ID, TIMESTAMP, BODY) + " "
                + StandardWebhooks.sign(secretKey, ID, TIMESTAMP, BODY);

        assertThat(StandardWebhooks.matchesPublicKey(StandardWebhooks.publicKey(secretKey), ID, TIMESTAMP, BODY, header)).isTrue();
        assertThat(StandardWebhooks.matchesPublicKey(StandardWebhooks.publicKey(otherKey), ID, TIMESTAMP, BODY, header)).isFalse();
        assertThat(StandardWebhooks.matchesPublicKey(StandardWebhooks.publicKey(secretKey), ID, TIMESTAMP + 1, BODY, header)).isFalse();
        String offTheCurve = "whpk_" + Base64.getEncoder().encodeToString(HexFormat.of().parseHex(
                "0200000000000000000000000000000000000000000000000000000000000000"));
        assertThat(StandardWebhooks.matchesPublicKey(offTheCurve, ID, TIMESTAMP, BODY, header)).as("a key off the curve").isFalse();
    }

    @Test
    void aPublicKeyIsWhpkAndTheBase64OfThirtyTwoBytes() {
        String valid = StandardWebhooks.publicKey(WebhookSecrets.generate(new SecureRandom(), SignatureScheme.V1A));

        assertThat(StandardWebhooks.requirePublicKey(valid, "--public-key")).isEqualTo(valid);
        // 32 bytes that are not a point of the curve, as about half of all 32-byte strings are not.
        String notAPoint = "whpk_" + Base64.getEncoder().encodeToString(HexFormat.of().parseHex(
                "0200000000000000000000000000000000000000000000000000000000000000"));
        for (String invalid : List.of("whpk_c2hvcnQ=", "whsk_" + valid.substring(5), "whpk_%%%", valid + "AAAA", notAPoint)) {
            assertThatThrownBy(() -> StandardWebhooks.requirePublicKey(invalid, "--public-key"))
                    .isInstanceOf(InvalidRequestException.class).hasMessageStartingWith("--public-key must be whpk_");
        }
    }

    @Test
    void signAllListsOneEntryPerSecretSpaceSeparated() {
        String secretKey = WebhookSecrets.generate(new SecureRandom(), SignatureScheme.V1A);

        String header = StandardWebhooks.signAll(List.of(SECRET, secretKey), ID, TIMESTAMP, BODY);

        assertThat(header.split(" ")).hasSize(2);
        assertThat(header.split(" ")[0]).isEqualTo(StandardWebhooks.sign(SECRET, ID, TIMESTAMP, BODY));
        assertThat(header.split(" ")[1]).startsWith("v1a,");
        assertThat(StandardWebhooks.matches(SECRET, ID, TIMESTAMP, BODY, header)).isTrue();
    }

    /** X.509's fixed prefix for an Ed25519 key, then the raw 32 bytes: how the JDK takes a key it did not make. */
    private static boolean ed25519Verifies(String publicKey, byte[] message, String base64Signature) throws GeneralSecurityException {
        byte[] raw = Base64.getDecoder().decode(publicKey.substring("whpk_".length()));
        byte[] x509 = new byte[44];
        System.arraycopy(HexFormat.of().parseHex("302a300506032b6570032100"), 0, x509, 0, 12);
        System.arraycopy(raw, 0, x509, 12, 32);
        PublicKey key = KeyFactory.getInstance("Ed25519").generatePublic(new X509EncodedKeySpec(x509));
        Signature verifier = Signature.getInstance("Ed25519");
        verifier.initVerify(key);
        verifier.update(message);
        return verifier.verify(Base64.getDecoder().decode(base64Signature));
    }
}
