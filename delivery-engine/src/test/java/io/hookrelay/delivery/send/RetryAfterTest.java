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
