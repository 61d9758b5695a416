package io.hookrelay.delivery.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hookrelay.delivery.error.LoopDetectedException;
import io.hookrelay.delivery.header.RelayMarker;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class LoopGuardTest {
    private static final RelayMarker THIS_RELAY = new RelayMarker("thisRelaysOwnMarker012");
    private static final String ANOTHER_RELAY = "anotherRelaysMarker345";
    private final LoopGuard guard = new LoopGuard(3, THIS_RELAY);

    @ParameterizedTest
    @ValueSource(strings = {"0", "1", "2", "garbage"})
    void letsThroughWebhooksBelowTheLimit(String hops) {
        assertThatCode(() -> guard.check(Optional.of(hops), Optional.empty())).doesNotThrowAnyException();
    }

    @Test
    void letsThroughWebhooksFromOutside() {
        assertThatCode(() -> guard.check(Optional.empty(), Optional.empty())).doesNotThrowAnyException();
    }

    @ParameterizedTest
    @ValueSource(strings = {"3", "4", "99999999999999999999"})
    void refusesWebhooksAtOrAboveTheLimit(String hops) {
        assertThatThrownBy(() -> guard.check(Optional.of(hops), Optional.empty()))
                .isInstanceOfSatisfying(LoopDetectedException.class, e -> assertThat(e.code()).isEqualTo("loop_detected"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"thisRelaysOwnMarker012", ANOTHER_RELAY + ", thisRelaysOwnMarker012", "thisRelaysOwnMarker012," + ANOTHER_RELAY})
    void refusesAWebhookThisRelaySentAtItsFirstReturn(String relays) {
        assertThatThrownBy(() -> guard.check(Optional.of("1"), Optional.of(relays)))
                .isInstanceOfSatisfying(LoopDetectedException.class, e -> assertThat(e.getMessage()).contains("sent by this relay"));
    }

    @ParameterizedTest
    @ValueSource(strings = {ANOTHER_RELAY, "thisRelaysOwnMarker01", "thisRelaysOwnMarker0123", "xthisRelaysOwnMarker012", ""})
    void letsThroughWebhooksOtherRelaysSent(String relays) {
        assertThatCode(() -> guard.check(Optional.of("1"), Optional.of(relays))).doesNotThrowAnyException();
    }

    @ParameterizedTest
    @ValueSource(ints = {0, -1, 101})
    void aLimitOutsideItsRangeIsABug(int maxHops) {
        assertThatThrownBy(() -> new LoopGuard(maxHops, THIS_RELAY)).isInstanceOf(IllegalArgumentException.class);
    }
}
