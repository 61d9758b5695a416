package io.hookrelay.queue;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatNullPointerException;

import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class NewIntentTest {
    private static final Instant NOON = Instant.parse("2026-01-01T12:00:00Z");

    @Test
    void theDerivedIdIsLowerCaseHexOfSha256() {
        assertThat(NewIntent.of("job", "evt_1", "target-a", "p").id()).matches("[0-9a-f]{64}");
    }

    @Test
    void theSeparatorKeepsDifferentTriplesApart() {
        assertThat(NewIntent.defaultId("ab", "c", "t")).isNotEqualTo(NewIntent.defaultId("a", "bc", "t"));
        assertThat(NewIntent.defaultId("k", "e", "t1")).isNotEqualTo(NewIntent.defaultId("k", "et", "1"));
    }

    @Test
    void anExplicitIdIsKept() {
        assertThat(new NewIntent("order-42", "job", "evt_1", "target-a", "p", Optional.empty()).id()).isEqualTo("order-42");
    }

    @Test
    void dueAtKeepsTheWorkAndSetsTheFirstDueTime() {
        NewIntent now = NewIntent.of("job", "evt_1", "target-a", "");

        NewIntent later = now.dueAt(NOON);

        assertThat(later).isEqualTo(new NewIntent(now.id(), "job", "evt_1", "target-a", "", Optional.of(NOON)));
        assertThat(now.nextAt()).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"", " ", "\t"})
    void blankPartsAreRefused(String blank) {
        assertThatIllegalArgumentException().isThrownBy(() -> NewIntent.of(blank, "evt_1", "target-a", "p"));
        assertThatIllegalArgumentException().isThrownBy(() -> NewIntent.of("job", blank, "target-a", "p"));
        assertThatIllegalArgumentException().isThrownBy(() -> NewIntent.of("job", "evt_1", blank, "p"));
        assertThatIllegalArgumentException()
                .isThrownBy(() -> new NewIntent(blank, "job", "evt_1", "target-a", "p", Optional.empty()));
    }

    @Test
    void missingPartsAreRefused() {
        assertThatNullPointerException().isThrownBy(() -> NewIntent.of(null, "evt_1", "target-a", "p"));
        assertThatNullPointerException().isThrownBy(() -> NewIntent.of("job", null, "target-a", "p"));
        assertThatNullPointerException().isThrownBy(() -> NewIntent.of("job", "evt_1", null, "p"));
        assertThatNullPointerException().isThrownBy(() -> NewIntent.of("job", "evt_1", "target-a", null));
        assertThatNullPointerException()
                .isThrownBy(() -> new NewIntent(null, "job", "evt_1", "target-a", "p", null));
    }
}
