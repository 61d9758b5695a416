package io.hookrelay.delivery.retention;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import io.hookrelay.delivery.port.EndedDeliveries;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RetentionPolicyTest {

    @ParameterizedTest(name = "completed {0}s, failed {1}s: every {2}s")
    @CsvSource({
        "604800, 2592000, 600",   // the defaults, 7 and 30 days: capped at 10 minutes
        "2, 4, 1",                // a test's seconds: never more often than once a second
        "3600, 60, 6",            // the shorter one decides, whichever it is
        "100, 100, 10",
        "6000, 7200, 600",
        "5990, 7200, 599",
    })
    void sweepsEveryTenthOfTheShorterRetentionWithinOneSecondAndTenMinutes(long completed, long failed, long every) {
        RetentionPolicy policy = new RetentionPolicy(Duration.ofSeconds(completed), Duration.ofSeconds(failed));

        assertThat(policy.sweepEvery()).isEqualTo(Duration.ofSeconds(every));
    }

    @Test
    void eachGroupIsKeptForItsOwnSpan() {
        RetentionPolicy policy = new RetentionPolicy(Duration.ofDays(7), Duration.ofDays(30));

        assertThat(policy.kept(EndedDeliveries.COMPLETED)).isEqualTo(Duration.ofDays(7));
        assertThat(policy.kept(EndedDeliveries.FAILED_OR_CANCELLED)).isEqualTo(Duration.ofDays(30));
    }

    @Test
    void aSpanMustBePositive() {
        assertThatIllegalArgumentException().isThrownBy(() -> new RetentionPolicy(Duration.ZERO, Duration.ofDays(1)))
                .withMessageContaining("completed");
        assertThatIllegalArgumentException().isThrownBy(() -> new RetentionPolicy(Duration.ofDays(1), Duration.ofSeconds(-1)))
                .withMessageContaining("failed");
    }
}
