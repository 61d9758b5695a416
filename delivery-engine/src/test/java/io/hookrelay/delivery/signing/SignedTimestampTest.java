package io.hookrelay.delivery.signing;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class SignedTimestampTest {
    private static final Instant NOW = Instant.ofEpochSecond(1_700_000_000L, 999_000_000L);

    @ParameterizedTest
    @ValueSource(strings = {"", " 1700000000", "+1700000000", "-5", "1.5", "1700000000 ", "1234567890123", "abc"})
    void onlyDigitsAreUnixSeconds(String value) {
        assertThat(SignedTimestamp.parse(value)).isEmpty();
    }

    @ParameterizedTest
    @CsvSource({"1700000000, true", "1699999700, true", "1699999699, false", "1700000300, true", "1700000301, false"})
    void currentMeansAtMostFiveMinutesEitherWayInWholeSeconds(long signedAt, boolean current) {
        assertThat(SignedTimestamp.isCurrent(signedAt, NOW)).isEqualTo(current);
    }

    @ParameterizedTest
    @CsvSource({"1699999990, 10", "1700000010, -10"})
    void ageIsPositiveForThePastAndNegativeForTheFuture(long signedAt, long age) {
        assertThat(SignedTimestamp.ageSeconds(signedAt, NOW)).isEqualTo(age);
        assertThat(SignedTimestamp.parse(Long.toString(signedAt))).hasValue(signedAt);
    }
}
