package io.hookrelay.delivery.signing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.security.SecureRandom;
import java.util.Base64;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class SecretCipherTest {
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final String SECRET = "whsec_c2VjcmV0LXNpZ25pbmcta2V5LW9mLTMyLWJ5dGVzIQ==";

    private final SecretCipher cipher = SecretCipher.fromBase64(SecretCipher.newKey(RANDOM), "the test", RANDOM);
    private final SecretCipher otherKey = SecretCipher.fromBase64(SecretCipher.newKey(RANDOM), "another test", RANDOM);

    @Test
    void opensWhatItSealedAndSealsTheSameSecretDifferentlyEachTime() {
        String first = cipher.seal(SECRET);
        String second = cipher.seal(SECRET);

        assertThat(first).startsWith("v1:").isNotEqualTo(second).doesNotContain(SECRET).doesNotContain(SECRET.substring(6));
        assertThat(cipher.open(first)).isEqualTo(SECRET);
        assertThat(cipher.open(second)).isEqualTo(SECRET);
        assertThat(cipher.seal("")).as("no secret stays none").isEmpty();
        assertThat(cipher.open("")).isEmpty();
    }

    @Test
    void anotherKeyCannotOpenItAndTheRefusalHoldsNoSecret() {
        String sealed = cipher.seal(SECRET);

        assertThatThrownBy(() -> otherKey.open(sealed))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("another test")
                .hasMessageNotContaining(SECRET)
                .hasMessageNotContaining(sealed);
    }

    @Test
    void anAlteredValueIsRefusedRatherThanOpenedIntoSomethingElse() {
        byte[] value = Base64.getDecoder().decode(cipher.seal(SECRET).substring(3));
        value[value.length - 20] ^= 1;

        assertThatThrownBy(() -> cipher.open("v1:" + Base64.getEncoder().encodeToString(value)))
                .isInstanceOf(IllegalStateException.class);
    }

    static Stream<String> notSealed() {
        return Stream.of(SECRET, "v2:AAAA", "v1:not base64!", "v1:" + Base64.getEncoder().encodeToString(new byte[27]));
    }

    @ParameterizedTest
    @MethodSource("notSealed")
    void aValueNotSealedInItsFormatIsRefused(String stored) {
        assertThatThrownBy(() -> cipher.open(stored))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageNotContaining(SECRET);
    }

    @Test
    void theKeyCheckOpensWithItsOwnKeyOnly() {
        String check = cipher.keyCheck();

        assertThat(cipher.opens(check)).isTrue();
        assertThat(otherKey.opens(check)).isFalse();
        assertThat(cipher.opens(cipher.seal(SECRET))).as("a sealed secret is no key check").isFalse();
        assertThat(cipher.opens("plain text")).isFalse();
    }

    static Stream<String> malformedKeys() {
        return Stream.of("", "not base64 at all!",
                Base64.getEncoder().encodeToString(new byte[31]),
                Base64.getEncoder().encodeToString(new byte[33]),
                Base64.getEncoder().encodeToString(new byte[16]));
    }

    @ParameterizedTest
    @MethodSource("malformedKeys")
    void aKeyThatIsNotTheBase64OfExactly32BytesIsRefusedInOneLineWithoutEchoingIt(String key) {
        assertThatThrownBy(() -> SecretCipher.fromBase64(key, "HOOKRELAY_SECRET_KEY", RANDOM))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("HOOKRELAY_SECRET_KEY")
                .hasMessageContaining("32 bytes")
                .hasMessageNotContaining("\n")
                .satisfies(refused -> {
                    if (!key.isEmpty()) {
                        assertThat(refused.getMessage()).doesNotContain(key);
                    }
                });
    }

    @Test
    void aKeyWithATrailingNewlineAsAFileHoldsItIsTheSameKey() {
        String key = SecretCipher.newKey(RANDOM);
        String sealed = SecretCipher.fromBase64(key, "a file", RANDOM).seal(SECRET);

        assertThat(SecretCipher.fromBase64(key + "\n", "a file", RANDOM).open(sealed)).isEqualTo(SECRET);
        assertThat(SecretCipher.fromBase64(key, "a file", RANDOM)).hasToString("SecretCipher[origin=a file, key=(hidden)]");
    }
}
