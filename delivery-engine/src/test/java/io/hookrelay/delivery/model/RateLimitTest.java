package io.hookrelay.delivery.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hookrelay.delivery.error.InvalidRequestException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RateLimitTest {

    @Test
    void holdsASecondsWorthAndAtLeastOne() {
        assertThat(new RateLimit(5).burst()).isEqualTo(5);
        assertThat(new RateLimit(2.5).burst()).isEqualTo(3);
        assertThat(new RateLimit(0.01).burst()).isEqualTo(1);
    }

    @ParameterizedTest
    @ValueSource(doubles = {0, -1, 0.009, 100_000.5, Double.NaN, Double.POSITIVE_INFINITY})
    void refusesRatesItCannotKeep(double perSecond) {
        assertThatThrownBy(() -> new RateLimit(perSecond)).isInstanceOf(InvalidRequestException.class).hasMessageContaining("rate_limit_per_s");
    }
}
