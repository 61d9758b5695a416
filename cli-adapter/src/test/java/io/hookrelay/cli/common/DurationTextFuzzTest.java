package io.hookrelay.cli.common;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import picocli.CommandLine.TypeConversionException;

/**
 * Spans as operators write them ({@code --shutdown-grace}, {@code --retain-completed}, {@code --grace} and their
 * environment variables): refused with a sentence naming the text, or a span of whole seconds, not negative, that
 * reads back from the way it is shown.
 */
class DurationTextFuzzTest {

    @FuzzTest(maxDuration = "3m")
    void aSpanIsRefusedNamingItOrReadsBackFromHowItIsShown(byte[] input) {
        String text = new String(input, StandardCharsets.UTF_8);

        Duration span;
        try {
            span = DurationText.parse(text);
        } catch (IllegalArgumentException refused) {
            assertThat(refused.getMessage()).contains("'" + text + "'");
            assertThatThrownBy(() -> new DurationText.Converter().convert(text))
                    .isInstanceOf(TypeConversionException.class).hasMessage(refused.getMessage());
            return;
        }

        assertThat(span.isNegative()).isFalse();
        assertThat(span.getNano()).isZero();
        assertThat(DurationText.parse(DurationText.describe(span))).isEqualTo(span);
        assertThat(new DurationText.Converter().convert(text)).isEqualTo(span);
    }
}
