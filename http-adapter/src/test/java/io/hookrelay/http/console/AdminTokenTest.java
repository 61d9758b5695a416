package io.hookrelay.http.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class AdminTokenTest {
    private final AdminToken token = new AdminToken("s3cret-Token_0123456789");

    @Test
    void matchesOnlyTheExactToken() {
        assertThat(token.matches("s3cret-Token_0123456789")).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "s3cret-Token_012345678", "s3cret-Token_01234567890", "S3cret-Token_0123456789",
            "s3cret-Token_0123456788", " s3cret-Token_0123456789", "x"})
    void refusesAnythingElse(String presented) {
        assertThat(token.matches(presented)).isFalse();
    }

    @Test
    void refusesNoTokenAtAll() {
        assertThat(token.matches(null)).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "has space", "tab\there", "new\nline", "naïve"})
    void mustBeSomethingAHeaderCanCarry(String bad) {
        assertThatThrownBy(() -> new AdminToken(bad)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageNotContaining(bad.isEmpty() ? "\u0000" : bad);
    }

    @Test
    void neverShowsItself() {
        assertThat(token.toString()).doesNotContain("s3cret").contains("hidden");
    }
}
