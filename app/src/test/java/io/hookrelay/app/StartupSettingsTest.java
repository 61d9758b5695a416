package io.hookrelay.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.inject.Guice;
import io.hookrelay.cli.common.CommandFailedException;
import io.hookrelay.cli.serve.DatabaseUrl;
import io.hookrelay.cli.serve.ServeOptions;
import io.hookrelay.delivery.signing.SecretCipher;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class StartupSettingsTest {
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final String GOOD_TOKEN = "an-operator-chosen-token";
    private static final String GOOD_KEY = SecretCipher.newKey(RANDOM);
    private static final String SHORT_KEY = Base64.getEncoder().encodeToString("sixteen byte key".getBytes());

    private static final DatabaseUrl DATABASE = DatabaseUrl.parse("postgresql://relay:hunter2hunter2@127.0.0.1:5432/hookrelay");

    @TempDir
    Path parent;

    @Test
    void goodSettingsAreKeptTheTokenStrippedAndTheKeyReadyToUse() {
        StartupSettings settings = StartupSettings.check(options(parent.resolve("data"), "127.0.0.1"),
                Optional.of(" " + GOOD_TOKEN + "\n"), Optional.of(GOOD_KEY), RANDOM);

        assertThat(settings.adminToken()).contains(GOOD_TOKEN);
        SecretCipher key = settings.secretKey().orElseThrow();
        assertThat(key.open(SecretCipher.fromBase64(GOOD_KEY, "the test", RANDOM).seal("whsec_x"))).isEqualTo("whsec_x");
        assertThat(settings.toString()).doesNotContain(GOOD_TOKEN).doesNotContain(GOOD_KEY);
    }

    @Test
    void everyProblemIsNamedOnOneLineWithoutEchoingASecret() {
        assertThatThrownBy(() -> StartupSettings.check(options(parent.resolve("data"), "no-such-host.invalid"),
                Optional.of("hunter2"), Optional.of(SHORT_KEY), RANDOM))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("HOOKRELAY_ADMIN_TOKEN must be at least 16 characters")
                .hasMessageContaining("HOOKRELAY_SECRET_KEY must be the base64 of exactly 32 bytes")
                .hasMessageContaining("--host no-such-host.invalid is not a known address")
                .hasMessageNotContaining("\n")
                .hasMessageNotContaining("hunter2")
                .hasMessageNotContaining(SHORT_KEY);
    }

    static Stream<Arguments> badSettings() {
        return Stream.of(
                Arguments.of("a short admin token", Optional.of("hunter2"), Optional.empty(), "HOOKRELAY_ADMIN_TOKEN"),
                Arguments.of("a secret key of 16 bytes", Optional.empty(), Optional.of(SHORT_KEY), "HOOKRELAY_SECRET_KEY"),
                Arguments.of("a secret key that is not base64", Optional.empty(), Optional.of("not base64!"), "HOOKRELAY_SECRET_KEY"),
                Arguments.of("an empty secret key", Optional.empty(), Optional.of(""), "HOOKRELAY_SECRET_KEY"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badSettings")
    void aStartRefusedForABadSettingExits2AndCreatesNothingOnDisk(String description, Optional<String> token,
                                                                   Optional<String> key, String named) {
        Path dataDir = parent.resolve("never/created");
        ServeOptions options = options(dataDir, "127.0.0.1");

        assertThatThrownBy(() -> StartupFailures.translate(options, () -> HookrelayServer.wire(
                Guice.createInjector(new HookrelayModule(options, token, key)))))
                .isInstanceOfSatisfying(CommandFailedException.class, failure -> {
                    assertThat(failure.exitCode()).isEqualTo(StartupFailures.BAD_SETTINGS);
                    assertThat(failure.getMessage()).contains(named).doesNotContain("\n");
                });

        assertThat(parent.resolve("never")).doesNotExist();
    }

    @Test
    void aSharedDatabaseNeedsTheAdminTokenAndTheSecretKeyFromTheEnvironment() {
        ServeOptions options = options(parent.resolve("data"), "127.0.0.1").withDatabase(DATABASE);

        assertThatThrownBy(() -> StartupSettings.check(options, Optional.empty(), Optional.empty(), RANDOM))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--database needs HOOKRELAY_ADMIN_TOKEN set: every node on the database must use the same admin token; "
                        + "--database needs HOOKRELAY_SECRET_KEY set: every node on the database must use the same secret key");
        assertThat(StartupSettings.check(options, Optional.of(GOOD_TOKEN), Optional.of(GOOD_KEY), RANDOM).adminToken())
                .contains(GOOD_TOKEN);
    }

    @Test
    void aStartOnADatabaseWithoutTheSharedSecretsExits2NamingThemBeforeAnythingElse() {
        ServeOptions options = options(parent.resolve("never"), "127.0.0.1").withDatabase(DATABASE);

        assertThatThrownBy(() -> start(options, Optional.of(GOOD_TOKEN), Optional.empty()))
                .isInstanceOfSatisfying(CommandFailedException.class, failure -> {
                    assertThat(failure.exitCode()).isEqualTo(StartupFailures.BAD_SETTINGS);
                    assertThat(failure.getMessage()).isEqualTo(
                            "--database needs HOOKRELAY_SECRET_KEY set: every node on the database must use the same secret key");
                });
        assertThat(parent.resolve("never")).doesNotExist();
    }

    private static HookrelayServer start(ServeOptions options, Optional<String> token, Optional<String> key) {
        return StartupFailures.translate(options, () -> HookrelayServer.wire(Guice.createInjector(new HookrelayModule(options, token, key))));
    }

    private static ServeOptions options(Path dataDir, String host) {
        return ServeOptions.of(dataDir, host, 0, 1);
    }
}
