package io.hookrelay.delivery.send;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RetryAfterTest {
    private static final Instant NOW = Instant.parse("2015-10-21T07:28:00Z");
    private static final Duration CAP = Duration.ofHours(24);

    @Test
    void deltaSecondsAreAWaitFromNow() {
        assertThat(RetryAfter.parse("120", NOW, CAP)).contains(Duration.ofSeconds(120));
        assertThat(RetryAfter.parse(" 0 ", NOW, CAP)).contains(Duration.ZERO);
    }

    @Test
    void anHttpDateIsTheWaitUntilThen() {
        assertThat(RetryAfter.parse("Wed, 21 Oct 2015 07:30:30 GMT", NOW, CAP)).contains(Duration.ofSeconds(150));
    }

    /** RFC 9110 §5.6.7: a recipient reads the two obsolete HTTP-date forms too. */
    @Test
    void theObsoleteDateFormsAreRead() {
        assertThat(RetryAfter.parse("Wednesday, 21-Oct-15 07:30:30 GMT", NOW, CAP)).contains(Duration.ofSeconds(150));
        assertThat(RetryAfter.parse("Wed Oct 21 07:30:30 2015", NOW, CAP)).contains(Duration.ofSeconds(150));
        assertThat(RetryAfter.parse("Wed Oct 21 07:28:05 2015", NOW, CAP)).contains(Duration.ofSeconds(5));
        assertThat(RetryAfter.parse("Thu Oct  1 07:28:00 2015", NOW, CAP)).contains(Duration.ZERO);
    }

    /** A two-digit year up to 50 years ahead is in this century; beyond that it is the previous one. */
    @Test
    void anRfc850YearIsTheNearestOneNoMoreThanFiftyYearsAhead() {
        assertThat(RetryAfter.parse("Wednesday, 21-Oct-65 07:28:00 GMT", NOW, CAP)).as("2065").contains(CAP);
        assertThat(RetryAfter.parse("Friday, 21-Oct-66 07:28:00 GMT", NOW, CAP)).as("1966").contains(Duration.ZERO);
        assertThat(RetryAfter.parse("Thursday, 21-Oct-66 07:28:00 GMT", NOW, CAP)).as("1966, a Friday: the weekday contradicts the date").isEmpty();
    }

    @Test
    void aDateAlreadyPastMeansNow() {
        assertThat(RetryAfter.parse("Wed, 21 Oct 2015 07:00:00 GMT", NOW, CAP)).contains(Duration.ZERO);
    }

    @Test
    void noWaitExceedsTheCap() {
        assertThat(RetryAfter.parse("86401", NOW, CAP)).contains(CAP);
        assertThat(RetryAfter.parse("Sat, 21 Oct 2017 07:28:00 GMT", NOW, CAP)).contains(CAP);
        assertThat(RetryAfter.parse("99999999999999999999999", NOW, CAP)).contains(CAP);
        assertThat(RetryAfter.parse("600", NOW, Duration.ofMinutes(5))).contains(Duration.ofMinutes(5));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "  ", "-5", "1.5", "+30", "soon", "30s", "0x10", "Wed, 21 Oct 2015", "2015-10-21T07:30:00Z", "٣٠"})
    void anythingElseIsIgnored(String header) {
        assertThat(RetryAfter.parse(header, NOW, CAP)).isEqualTo(Optional.empty());
    }
}
