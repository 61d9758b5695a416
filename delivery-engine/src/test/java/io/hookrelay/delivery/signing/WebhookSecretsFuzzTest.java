package io.hookrelay.delivery.signing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.hookrelay.delivery.error.InvalidRequestException;
import java.nio.charset.StandardCharsets;

/**
 * Secrets and public keys as operators paste them (a target's {@code secret}, a source's {@code verify.secret},
 * {@code hookrelay listen --secret} and {@code --public-key}), and {@code webhook-signature} values beside them. A key
 * is refused with a message that does not depend on it, so it never quotes a secret; one taken signs messages that it,
 * or its public key, verifies however many malformed entries come before the signature, and no other message.
 *
 * <p>An input is the key, then a line with the {@code webhook-signature} entries to put before the signature.
 */
class WebhookSecretsFuzzTest {
    private static final String ID = "msg_2Lx";
    private static final long TIMESTAMP = 1_700_000_000L;
    private static final byte[] BODY = "{\"type\":\"invoice.paid\"}".getBytes(StandardCharsets.UTF_8);

    @FuzzTest(maxDuration = "3m")
    void aKeyIsRefusedWithoutBeingQuotedOrSignsWhatItVerifies(byte[] input) {
        String[] lines = new String(input, StandardCharsets.UTF_8).split("\n", 2);
        String key = lines[0];
        String before = lines.length > 1 ? lines[1] : "";

        InvalidRequestException signing = catchThrowableOfType(InvalidRequestException.class,
                () -> WebhookSecrets.requireSigningSecret(key, "secret"));
        if (signing != null) {
            String sameScheme = key.startsWith(SignatureScheme.V1A.secretPrefix()) ? SignatureScheme.V1A.secretPrefix() : "";
            assertThat(signing).hasMessage(refusal(() -> WebhookSecrets.requireSigningSecret(sameScheme, "secret")));
        } else if (SignatureScheme.of(key) == SignatureScheme.V1) {
            String signature = StandardWebhooks.sign(key, ID, TIMESTAMP, BODY);
            assertThat(StandardWebhooks.matches(key, ID, TIMESTAMP, BODY, before + " " + signature)).isTrue();
            assertThat(StandardWebhooks.matches(key, ID, TIMESTAMP + 1, BODY, before + " " + signature)).isFalse();
        } else {
            String signature = StandardWebhooks.sign(key, ID, TIMESTAMP, BODY);
            String publicKey = StandardWebhooks.publicKey(key);
            assertThat(StandardWebhooks.requirePublicKey(publicKey, "--public-key")).isEqualTo(publicKey);
            assertThat(StandardWebhooks.matchesPublicKey(publicKey, ID, TIMESTAMP, BODY, before + " " + signature)).isTrue();
            assertThat(StandardWebhooks.matchesPublicKey(publicKey, ID + "x", TIMESTAMP, BODY, before + " " + signature)).isFalse();
        }

        InvalidRequestException verifying = catchThrowableOfType(InvalidRequestException.class,
                () -> WebhookSecrets.requireValid(key, "--secret"));
        if (verifying != null) {
            assertThat(verifying).hasMessage(refusal(() -> WebhookSecrets.requireValid("", "--secret")));
        } else {
            StandardWebhooks.matches(key, ID, TIMESTAMP, BODY, before);
        }

        InvalidRequestException publicKey = catchThrowableOfType(InvalidRequestException.class,
                () -> StandardWebhooks.requirePublicKey(key, "--public-key"));
        if (publicKey != null) {
            assertThat(publicKey).hasMessage(refusal(() -> StandardWebhooks.requirePublicKey("", "--public-key")));
        } else {
            assertThat(StandardWebhooks.isPublicKey(key)).isTrue();
            StandardWebhooks.matchesPublicKey(key, ID, TIMESTAMP, BODY, before);
        }
    }

    private static String refusal(Runnable refused) {
        return catchThrowableOfType(InvalidRequestException.class, refused::run).getMessage();
    }
}
