package io.hookrelay.queue;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatNullPointerException;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class AttemptRecordTest {
    private static final Instant STARTED = Instant.parse("2026-01-01T00:00:00Z");

    @ParameterizedTest
    @EnumSource(value = AttemptOutcome.class, names = "FENCED", mode = EnumSource.Mode.EXCLUDE)
    void everyOutcomeAnAttemptCanWriteIsLogged(AttemptOutcome outcome) {
        AttemptRecord entry = new AttemptRecord(1, STARTED, Duration.ZERO, outcome, "", AttemptDetail.NONE);

        assertThat(entry.outcome()).isEqualTo(outcome);
    }

    @Test
    void aFencedAttemptIsNeverLogged() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> new AttemptRecord(1, STARTED, Duration.ZERO, AttemptOutcome.FENCED, "", AttemptDetail.NONE));
    }

    @Test
    void attemptNumbersStartAtOne() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> new AttemptRecord(0, STARTED, Duration.ZERO, AttemptOutcome.SUCCESS, "", AttemptDetail.NONE));
        assertThat(new AttemptRecord(1, STARTED, Duration.ZERO, AttemptOutcome.SUCCESS, "", AttemptDetail.NONE).attempt())
                .isEqualTo(1);
    }

    @Test
    void anAttemptCannotTakeNegativeTime() {
        assertThatIllegalArgumentException().isThrownBy(() -> new AttemptRecord(
                1, STARTED, Duration.ofMillis(-1), AttemptOutcome.ERROR, "timeout", AttemptDetail.NONE));
    }

    @Test
    void nothingIsMissing() {
        Duration took = Duration.ofMillis(12);
        assertThatNullPointerException()
                .isThrownBy(() -> new AttemptRecord(1, null, took, AttemptOutcome.SUCCESS, "", AttemptDetail.NONE));
        assertThatNullPointerException()
                .isThrownBy(() -> new AttemptRecord(1, STARTED, null, AttemptOutcome.SUCCESS, "", AttemptDetail.NONE));
        assertThatNullPointerException().isThrownBy(() -> new AttemptRecord(1, STARTED, took, null, "", AttemptDetail.NONE));
        assertThatNullPointerException()
                .isThrownBy(() -> new AttemptRecord(1, STARTED, took, AttemptOutcome.SUCCESS, null, AttemptDetail.NONE));
        assertThatNullPointerException().isThrownBy(() -> new AttemptRecord(1, STARTED, took, AttemptOutcome.SUCCESS, "", null));
    }
}
