package io.hookrelay.queue;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatNullPointerException;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class AttemptDetailTest {
    private static final int CAP = AttemptDetail.MAX_EXCERPT_CHARS;

    @Test
    void anExcerptUpToTheCapIsKeptWhole() {
        String full = "a".repeat(CAP);

        assertThat(new AttemptDetail(Optional.of(500), full).excerpt()).isEqualTo(full);
        assertThat(new AttemptDetail(Optional.empty(), "").excerpt()).isEmpty();
    }

    @Test
    void aLongerExcerptKeepsOnlyItsStart() {
        String answer = "b".repeat(CAP) + "the tail nobody needs";

        AttemptDetail detail = new AttemptDetail(Optional.of(502), answer);

        assertThat(detail.excerpt()).hasSize(CAP).isEqualTo(answer.substring(0, CAP));
        assertThat(detail.statusCode()).contains(502);
    }

    @Test
    void theCapNeverSplitsACharacterInTwo() {
        String answer = "c".repeat(CAP - 1) + "🚀" + "after";

        String excerpt = new AttemptDetail(Optional.of(200), answer).excerpt();

        assertThat(excerpt).isEqualTo("c".repeat(CAP - 1));
        assertThat(new AttemptDetail(Optional.of(200), "d".repeat(CAP - 2) + "🚀x").excerpt())
                .as("a whole character right at the cap stays").isEqualTo("d".repeat(CAP - 2) + "🚀");
    }

    @Test
    void nothingIsMissing() {
        assertThatNullPointerException().isThrownBy(() -> new AttemptDetail(null, ""));
        assertThatNullPointerException().isThrownBy(() -> new AttemptDetail(Optional.empty(), null));
    }

    @Test
    void noneSaysNothing() {
        assertThat(AttemptDetail.NONE.statusCode()).isEmpty();
        assertThat(AttemptDetail.NONE.excerpt()).isEmpty();
    }
}
