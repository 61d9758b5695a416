package io.hookrelay.cli.admin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import io.hookrelay.cli.Cli;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RetryScheduleTest {

    @Test
    void waitsAreSecondsUnlessTheyNameAUnit() {
        assertThat(RetrySchedule.parse(" 0, 5 ,5s,5m,2h,1d ").waitsSeconds()).containsExactly(0L, 5L, 5L, 300L, 7200L, 86_400L);
    }

    @Test
    void noneMeansNoRetries() {
        assertThat(RetrySchedule.parse("none").waitsSeconds()).isEmpty();
        assertThat(RetrySchedule.parse("NONE").waitsSeconds()).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "5,", ",5", "-1", "1.5", "5w", "5 m", "1234567890"})
    void anythingElseIsRefused(String schedule) {
        assertThatIllegalArgumentException().isThrownBy(() -> RetrySchedule.parse(schedule));
    }

    @Test
    void theServerSSecondsAreDescribedInTheLargestExactUnitAndReadBackTheSame() {
        List<Long> seconds = List.of(0L, 5L, 90L, 300L, 1800L, 7200L, 18_000L, 86_400L, 90_000L);
        String described = RetrySchedule.describe(Cli.json(seconds.toString()));

        assertThat(described).isEqualTo("0s,5s,90s,5m,30m,2h,5h,1d,25h");
        assertThat(RetrySchedule.parse(described).waitsSeconds()).isEqualTo(seconds);
        assertThat(RetrySchedule.describe(Cli.json("[]"))).isEqualTo("none");
    }
}
