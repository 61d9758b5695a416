package io.hookrelay.queue;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.DoubleSummaryStatistics;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class JitterTest {

    @Test
    void theFactorComesFromTheFirstByteOfSha256OfIdAndAttempts() throws Exception {
        for (int attempts = 1; attempts <= 20; attempts++) {
            String id = "intent-" + attempts * 7;
            int firstByte = MessageDigest.getInstance("SHA-256")
                    .digest((id + attempts).getBytes(StandardCharsets.UTF_8))[0] & 0xff;

            assertThat(Jitter.factor(id, attempts)).isCloseTo(0.8 + 0.4 * firstByte / 255.0, within(1e-12));
        }
    }

    @Test
    void theFactorCoversTwentyPercentEitherWayAndNeverMore() {
        DoubleSummaryStatistics factors = IntStream.range(0, 2_000)
                .mapToDouble(n -> Jitter.factor("intent-" + n, 1 + n % 30))
                .summaryStatistics();

        assertThat(factors.getMin()).isBetween(0.8, 0.81);
        assertThat(factors.getMax()).isBetween(1.19, 1.2);
    }

    @Test
    void applyingItIsRepeatableToTheMillisecond() {
        Duration base = Duration.ofSeconds(10);

        Duration jittered = Jitter.apply(base, "intent-1", 3);

        assertThat(jittered).isEqualTo(Jitter.apply(base, "intent-1", 3));
        assertThat(jittered.toMillis()).isEqualTo(Math.round(10_000 * Jitter.factor("intent-1", 3)));
        assertThat(Jitter.apply(Duration.ZERO, "intent-1", 3)).isZero();
    }
}
