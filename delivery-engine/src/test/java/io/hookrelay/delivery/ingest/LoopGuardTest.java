package io.hookrelay.delivery.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hookrelay.delivery.LoopDetectedException;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class LoopGuardTest {
    private final LoopGuard guard = new LoopGuard(3);

    @ParameterizedTest
    @ValueSource(strings = {"0", "1", "2", "garbage"})
    void letsThroughWebhooksBelowTheLimit(String hops) {
        assertThatCode(() -> guard.check(Optional.of(hops))).doesNotThrowAnyException();
    }

    @Test
    void letsThroughWebhooksFromOutside() {
        assertThatCode(() -> guard.check(Optional.empty())).doesNotThrowAnyException();
    }

    @ParameterizedTest
    @ValueSource(strings = {"3", "4", "99999999999999999999"})
    void refusesWebhooksAtOrAboveTheLimit(String hops) {
        assertThatThrownBy(() -> guard.check(Optional.of(hops)))
                .isInstanceOfSatisfying(LoopDetectedException.class, e -> assertThat(e.code()).isEqualTo("loop_detected"));
    }

    @ParameterizedTest
    @ValueSource(ints = {0, -1, 101})
    void aLimitOutsideItsRangeIsABug(int maxHops) {
        assertThatThrownBy(() -> new LoopGuard(maxHops)).isInstanceOf(IllegalArgumentException.class);
    }
}
