package io.hookrelay.storage.jdbi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hookrelay.delivery.model.Target;
import io.hookrelay.delivery.signing.SecretCipher;
import java.net.URI;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class TargetColumnsTest {
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final Instant NOW = Instant.parse("2026-12-01T10:15:30.123Z");
    private static final String SECRET = "whsec_c2VjcmV0LXNpZ25pbmcta2V5LW9mLTMyLWJ5dGVzIQ==";

    private final SecretCipher secrets = SecretCipher.fromBase64(SecretCipher.newKey(RANDOM), "the test", RANDOM);

    private static Target target(List<Duration> retrySchedule) {
        return new Target("billing", URI.create("https://billing.example/hooks"), SECRET, Duration.ofMillis(2500),
                retrySchedule, 3);
    }

    @Test
    void readsBackTheTargetItLaidOutWithItsSecretSealedAndItsWaitsInWholeSeconds() {
        Target target = target(List.of(Duration.ZERO, Duration.ofSeconds(5), Duration.ofHours(24)));

        Map<String, Object> values = TargetColumns.values(target, ListForms.INSTANCE, secrets, NOW);

        assertThat(values).containsEntry("retry_schedule_s", List.of(0L, 5L, 86_400L)).containsEntry("timeout_ms", 2500L)
                .containsEntry("now", NOW.toEpochMilli());
        assertThat((String) values.get("secret")).doesNotContain(SECRET.substring(6));
        assertThat(TargetColumns.read(new MapRow(values), ListForms.INSTANCE, secrets)).isEqualTo(target);
    }

    @Test
    void everyColumnItReadsIsNamedAndEveryNamedColumnIsLaidOut() {
        List<String> names = Arrays.stream(TargetColumns.NAMES.split(",")).map(String::strip).toList();

        assertThat(TargetColumns.values(target(List.of()), ListForms.INSTANCE, secrets, NOW).keySet())
                .containsExactlyInAnyOrderElementsOf(Stream.concat(names.stream(), Stream.of("now")).toList());
    }

    @Test
    void aWaitThatIsNotWholeSecondsIsRefusedRatherThanRounded() {
        Target target = target(List.of(Duration.ofMillis(1500)));

        assertThatThrownBy(() -> TargetColumns.values(target, ListForms.INSTANCE, secrets, NOW))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("whole seconds");
    }
}
